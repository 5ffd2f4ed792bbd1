import type { ChatbotPlugin } from './plugin.js'

const ORDER = { pre: 0, undefined: 1, post: 2 } as const

/** Stable order: pre, normal, post; within a group, as given. Checks names and `dependsOn`. */
export function orderPlugins(plugins: ChatbotPlugin[]): ChatbotPlugin[] {
  const sorted = plugins
    .map((plugin, index) => ({ plugin, index }))
    .sort((a, b) => ORDER[`${a.plugin.enforce}`] - ORDER[`${b.plugin.enforce}`] || a.index - b.index)
    .map(({ plugin }) => plugin)
  const seen = new Set<string>()
  for (const plugin of sorted) {
    if (typeof plugin?.name !== 'string' || plugin.name === '') throw new TypeError('Every plugin needs a name.')
    if (seen.has(plugin.name)) throw new TypeError(`The plugin "${plugin.name}" is registered twice.`)
    for (const dependency of plugin.dependsOn ?? []) {
      if (!seen.has(dependency)) throw new TypeError(`The plugin "${plugin.name}" needs "${dependency}" registered before it.`)
    }
    seen.add(plugin.name)
  }
  return sorted
}
