import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { adminRouter } from '@chatbot-kit/admin'
import { builtinPlugins } from '../src/create.js'

// docs/admin.md's table of procedures and the "admin procedures" column of docs/architecture.md's
// "Who owns what" read from the code: the admin package's own procedures and each built-in
// plugin's contribution.

const DOCS = new URL('../../../docs/', import.meta.url)

interface Procedure {
  path: string
  kind: string
  owner: string
}

const proceduresOf = (router: { _def: { procedures: Record<string, unknown> } }, prefix: string, owner: string): Procedure[] =>
  Object.entries(router._def.procedures).map(([path, procedure]) => ({ path: `${prefix}${path}`, kind: (procedure as { _def: { type: string } })._def.type, owner }))

async function builtinProcedures(): Promise<Procedure[]> {
  const contributed = await Promise.all(
    builtinPlugins().map(async (plugin) => {
      const routers = plugin.admin ? ((await plugin.admin()).routers ?? {}) : {}
      return Object.entries(routers).flatMap(([namespace, router]) => proceduresOf(router, `${namespace}.`, plugin.name))
    }),
  )
  return [...proceduresOf(adminRouter, '', 'admin'), ...contributed.flat()]
}

/** The rows of the first table under `heading` in a docs page, as cells (header and rule left out). */
function tableRows(page: string, heading: string): string[][] {
  const text = readFileSync(new URL(page, DOCS), 'utf8')
  const lines = text.slice(text.indexOf(heading)).split('\n')
  const start = lines.findIndex((line) => line.startsWith('|'))
  const table = lines.slice(start, lines.findIndex((line, index) => index > start && !line.startsWith('|')))
  // Cells split on the pipes that are not escaped (`'markdown' \| 'json'`).
  return table.slice(2).map((line) => line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim()))
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '')

describe('the admin procedures in the docs', () => {
  it('docs/admin.md lists every procedure with its kind and where it comes from', async () => {
    const documented = tableRows('admin.md', '## Procedures').map(([path, kind, , , from]) => ({ path: unquote(path!), kind: kind!, owner: from === 'core' ? 'admin' : from!.replace(/^`([^`]+)` plugin$/, '$1') }))
    const code = await builtinProcedures()
    const byPath = (a: Procedure, b: Procedure) => (a.path < b.path ? -1 : 1)
    expect(documented.sort(byPath)).toEqual(code.sort(byPath))
  })

  it('docs/architecture.md’s "Who owns what" gives each built-in plugin its namespaces', async () => {
    const rows = tableRows('architecture.md', 'Who owns what:')
    const header = readFileSync(new URL('architecture.md', DOCS), 'utf8').split('\n').find((line) => line.startsWith('| plugin | config keys'))!
    const column = header.split('|').slice(1, -1).map((cell) => cell.trim()).indexOf('admin procedures')
    expect(column).toBeGreaterThan(0)
    // The procedures first; what the plugin adds to the core's answers may follow a `;`.
    const documented = Object.fromEntries(rows.map((cells) => [unquote(cells[0]!.split(' ')[0]!), cells[column]!.split(';')[0]!]))
    const code = await builtinProcedures()
    for (const plugin of builtinPlugins().filter((one) => one.name !== 'admin')) {
      const paths = code.filter((procedure) => procedure.owner === plugin.name).map((procedure) => `\`${procedure.path}\``)
      expect(documented[plugin.name], plugin.name).toBe(paths.length === 0 ? '—' : paths.join(', '))
    }
  })
})
