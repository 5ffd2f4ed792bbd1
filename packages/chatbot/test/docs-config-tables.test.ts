import { readdirSync, readFileSync } from 'node:fs'
import { declarationsOf } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { builtinPlugins, KIT_DEFAULTS } from '../src/create.js'

const DOCS = new URL('../../../docs/', import.meta.url)
const declarations = declarationsOf(builtinPlugins())

/** A default as the docs write it: a number, `true`, `memory:`, `['web']`. */
const asWritten = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map((item) => `'${String(item)}'`).join(', ')}]` : String(value)

/** Every table row of every page that names a declared key and, in the next cell, an env variable. */
const rows = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .flatMap((page) =>
    readFileSync(new URL(page, DOCS), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .flatMap((line) => {
        const cells = line.split('|').map((cell) => cell.trim())
        const at = cells.findIndex((cell) => declarations.has(cell.replace(/^`|`$/g, '')) && /^`CHATBOT_[A-Z_]+`$/.test(cells[cells.indexOf(cell) + 1] ?? ''))
        if (at === -1) return []
        const path = cells[at]!.replace(/^`|`$/g, '')
        return [{ page, path, env: cells[at + 1]!.slice(1, -1), written: /^`([^`]+)`/.exec(cells[at + 2] ?? '')?.[1] }]
      }),
  )

// Every page's table of config keys agrees with what the kernel and the built-in plugins declare.
describe('config tables in docs/', () => {
  it('finds the tables', () => {
    expect(new Set(rows.map((row) => row.page))).toEqual(new Set(['configuration.md', 'limits.md', 'observability.md']))
  })

  it.each(rows.map((row) => [`${row.page}: ${row.path}`, row] as const))('%s: env variable and default match the declaration', (_name, row) => {
    const spec = declarations.get(row.path)!
    expect(row.env).toBe(spec.env?.name)
    const declared = row.path in KIT_DEFAULTS ? KIT_DEFAULTS[row.path] : spec.default
    if (row.written !== undefined && declared !== undefined) expect(row.written).toBe(asWritten(declared))
  })
})
