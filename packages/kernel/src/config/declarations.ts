import { coreOptions } from './core-options.js'
import type { OptionDeclarations, OptionOwner, OptionSpec } from './options.js'

/** Every key of a config, the kernel's and its plugins', by dotted path. */
export type Declarations = ReadonlyMap<string, OptionSpec>

/** The kernel's keys, then each plugin's; a key declared twice stops start-up. */
export function declarationsOf(plugins: readonly OptionOwner[]): Declarations {
  const found = new Map<string, OptionSpec>()
  const owners = new Map<string, string>()
  const add = (owner: string, declarations: OptionDeclarations) => {
    for (const [path, spec] of Object.entries(declarations)) {
      const first = owners.get(path)
      if (first !== undefined) throw new TypeError(`The config key "${path}" is declared by both "${first}" and "${owner}".`)
      owners.set(path, owner)
      found.set(path, spec)
    }
  }
  add('kernel', coreOptions)
  for (const plugin of plugins) if (plugin?.options) add(plugin.name, plugin.options)
  return found
}

/** The keys of the top level (everything but channel-only keys). */
export function topLevel(declarations: Declarations): [string, OptionSpec][] {
  return [...declarations].filter(([, spec]) => spec.channel !== 'only')
}

/** The keys a channel block may hold. */
export function channelLevel(declarations: Declarations): [string, OptionSpec][] {
  return [...declarations].filter(([, spec]) => spec.channel !== undefined)
}

/** A fresh copy of a default (plain data), so no config shares an array or block with another. */
export function copyOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value
}
