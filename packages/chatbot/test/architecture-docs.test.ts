import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { builtinPlugins } from 'chatbot-kit'

// docs/architecture.md's "Who owns what" read against the built-in plugins themselves: a row per
// plugin, and its config keys and tables as the plugin object declares them (admin-docs.test.ts
// reads its admin procedures).

const page = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8')
const table = page.slice(page.indexOf('Who owns what:'))
const ROW = /^\| `(\w+)`[^|]*\|([^|]*)\|[^|]*\|[^|]*\|([^|]*)\|/gm
const rows = new Map([...table.slice(0, table.indexOf('\n## ')).matchAll(ROW)].map(([, name, keys, tables]) => [name!, { keys: keys!, tables: tables! }]))

/** The backticked names of a cell; what stands in parentheses is a remark, not a claim. */
const named = (cell: string) => [...cell.replace(/\([^)]*\)/g, '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!).sort()

describe('docs/architecture.md, "Who owns what"', () => {
  const plugins = builtinPlugins()

  it('has a row for each built-in plugin, and no other', () => {
    expect([...rows.keys()].sort()).toEqual(plugins.map((plugin) => plugin.name).sort())
  })

  it.each(plugins.map((plugin) => [plugin.name, plugin] as const))('%s: the config keys and tables it declares', (name, plugin) => {
    const row = rows.get(name)!
    expect(named(row.keys), 'config keys').toEqual(Object.keys(plugin.options ?? {}).sort())
    expect(named(row.tables), 'tables').toEqual([...(plugin.tables ?? [])].sort())
  })
})
