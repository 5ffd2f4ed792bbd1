import { closest } from './closest.js'
import { knownKeys, type KeyTree } from './known-keys.js'
import { isPlainObject } from './plain-object.js'
import { declarationsOfConfig } from './resolve.js'
import type { ResolvedConfig } from './resolved.js'

/**
 * Keys in a valid config that no one reads (a typo such as `modle`), at any depth and in every
 * channel block, checked against the kernel's and the plugins' declarations. Start-up logs each.
 */
export function configWarnings(config: ResolvedConfig): string[] {
  const known = knownKeys(declarationsOfConfig(config))
  const warnings = unknownKeys(config as unknown as Record<string, unknown>, known.config, '')
  for (const [name, block] of Object.entries(config.channels)) {
    warnings.push(...unknownKeys(block as Record<string, unknown>, known.channel, `channels.${name}.`))
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
