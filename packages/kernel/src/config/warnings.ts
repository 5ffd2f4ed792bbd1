import { closest } from './closest.js'
import { CHANNEL_KEYS, CONFIG_KEYS, type KeyTree } from './known-keys.js'
import { isPlainObject } from './plain-object.js'
import type { ResolvedConfig } from './types.js'

/**
 * What in a valid config is probably a mistake: keys no one reads (a typo such as `modle`) and
 * `allowedTools` entries naming no registered tool. Start-up logs each; none stops it.
 */
export function configWarnings(config: ResolvedConfig, toolNames: Iterable<string>): string[] {
  const warnings = unknownKeys(config as unknown as Record<string, unknown>, CONFIG_KEYS, '')
  for (const [name, block] of Object.entries(config.channels)) {
    warnings.push(...unknownKeys(block as Record<string, unknown>, CHANNEL_KEYS, `channels.${name}.`))
  }
  const tools = new Set(toolNames)
  for (const [name, block] of Object.entries(config.channels)) {
    for (const tool of block.allowedTools ?? []) {
      if (tools.has(tool)) continue
      const hint = closest(tool, tools)
      warnings.push(`channels.${name}.allowedTools: "${tool}" names no registered tool${hint ? ` (did you mean "${hint}"?)` : ''}; it is never offered.`)
    }
  }
  return warnings
}

function unknownKeys(block: Record<string, unknown>, known: KeyTree, prefix: string): string[] {
  const found: string[] = []
  for (const [key, value] of Object.entries(block)) {
    const shape = known[key]
    if (shape === undefined) {
      const hint = closest(key, Object.keys(known))
      found.push(`Unknown config key "${prefix}${key}"${hint ? ` (did you mean "${prefix}${hint}"?)` : ''}; it is ignored.`)
    } else if (typeof shape === 'object' && isPlainObject(value)) {
      found.push(...unknownKeys(value, shape, `${prefix}${key}.`))
    }
  }
  return found
}
