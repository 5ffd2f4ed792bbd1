import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { adminRouter } from '@chatbot-kit/admin'
import type { ChatbotPlugin } from '@chatbot-kit/kernel'
import { builtinPlugins } from 'chatbot-kit'

// docs/architecture.md's "Who owns what" read against the built-in plugins themselves: a row per
// plugin, and its config keys, tables and admin procedures as the plugin object declares them.

const page = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8')
const table = page.slice(page.indexOf('Who owns what ('))
const ROW = /^\| `(\w+)`[^|]*\|([^|]*)\|[^|]*\|[^|]*\|([^|]*)\|[^|]*\|([^|]*)\|$/gm
const rows = new Map([...table.slice(0, table.indexOf('\n## ')).matchAll(ROW)].map(([, name, keys, tables, admin]) => [name!, { keys: keys!, tables: tables!, admin: admin! }]))

/** The backticked names of a cell; what stands in parentheses is a remark, not a claim. */
const named = (cell: string) => [...cell.replace(/\([^)]*\)/g, '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!).sort()

/** Every procedure path of a tRPC router (`conversations.list`, `health`). */
const proceduresOf = (router: unknown) => Object.keys((router as { _def: { procedures: Record<string, unknown> } })._def.procedures)

async function adminProcedures(plugin: ChatbotPlugin): Promise<string[]> {
  if (plugin.name === 'admin') return proceduresOf(adminRouter)
  const admin = (plugin as { admin?: () => Promise<{ routers?: Record<string, unknown> }> }).admin
  if (!admin) return []
  const routers = (await admin()).routers ?? {}
  return Object.entries(routers).flatMap(([namespace, router]) => proceduresOf(router).map((path) => `${namespace}.${path}`))
}

/** A documented `ns.*` covers a namespace; the procedures column lists them before its first `;`. */
const covers = (documented: string, path: string) => (documented.endsWith('.*') ? path.startsWith(documented.slice(0, -1)) : path === documented)

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

  it.each(plugins.map((plugin) => [plugin.name, plugin] as const))('%s: the admin procedures it brings', async (name, plugin) => {
    const documented = named(rows.get(name)!.admin.split(';')[0]!)
    const actual = await adminProcedures(plugin)
    expect(actual.filter((path) => !documented.some((doc) => covers(doc, path))), 'procedures the row leaves out').toEqual([])
    expect(documented.filter((doc) => !actual.some((path) => covers(doc, path))), 'names the row claims').toEqual([])
  })
})
