import { closest } from './closest.js'
import type { Declarations } from './declarations.js'
import { envNames } from './env.js'
import { isToolingEnvName, knownKeys, type KeyTree } from './known-keys.js'
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

const ENV_PREFIX = 'CHATBOT_'

/**
 * `CHATBOT_*` variables in `env` that no declaration reads (a typo such as `CHATBOT_MODLE`) and
 * chatbot-kit's tools do not either, each with the closest name a declaration reads. Start-up
 * logs each, as it does an unknown config key.
 */
export function envWarnings(env: Record<string, string | undefined>, declarations: Declarations): string[] {
  const known = [...envNames(declarations).values()]
  // Compared without the prefix every name shares, so that "near" means near in the part that differs.
  const candidates = known.map((name) => name.slice(ENV_PREFIX.length))
  return Object.keys(env)
    .filter((name) => name.startsWith(ENV_PREFIX) && !known.includes(name) && !isToolingEnvName(name))
    .sort()
    .map((name) => unknownName('environment variable', name.slice(ENV_PREFIX.length), candidates, ENV_PREFIX))
}

function unknownKeys(block: Record<string, unknown>, known: KeyTree, prefix: string): string[] {
  const found: string[] = []
  for (const [key, value] of Object.entries(block)) {
    const shape = known[key]
    if (shape === undefined) {
      found.push(unknownName('config key', key, Object.keys(known), prefix))
    } else if (typeof shape === 'object' && isPlainObject(value)) {
      found.push(...unknownKeys(value, shape, `${prefix}${key}.`))
    }
  }
  return found
}

/** The warning for a name nobody reads: `prefix` + `name`, and the closest candidate with the same prefix. */
function unknownName(what: string, name: string, candidates: Iterable<string>, prefix: string): string {
  const hint = closest(name, candidates)
  return `Unknown ${what} "${prefix}${name}"${hint ? ` (did you mean "${prefix}${hint}"?)` : ''}; it is ignored.`
}
