import type { DatabaseIntrospector, TableMetadata } from 'kysely'
import { describe, expect, it } from 'vitest'
import { steadyIntrospector } from './steady-introspector.js'

/** An introspector whose reads fail with `codes`, one a read, then answer. */
function failingWith(codes: string[]) {
  const tables: TableMetadata[] = [{ name: 'messages', isView: false, schema: 'public', columns: [] }]
  let reads = 0
  const read = async () => {
    const code = codes[reads++]
    if (code !== undefined) throw Object.assign(new Error(`failed with ${code}`), { code })
    return tables
  }
  const introspector: DatabaseIntrospector = { getSchemas: async () => [], getTables: read, getMetadata: async () => ({ tables: await read() }) }
  return { introspector, tables, reads: () => reads }
}

describe('steadyIntrospector', () => {
  it('reads again while another session drops a schema or a table under it', async () => {
    const { introspector, tables, reads } = failingWith(['3F000', '42P01', '3F000'])
    expect(await steadyIntrospector(introspector).getTables()).toBe(tables)
    expect(reads()).toBe(4)
  })

  it('gives up after five reads, and at once on any other failure', async () => {
    const dropping = failingWith(Array(9).fill('3F000'))
    await expect(steadyIntrospector(dropping.introspector).getMetadata()).rejects.toThrow('failed with 3F000')
    expect(dropping.reads()).toBe(5)
    const denied = failingWith(['42501'])
    await expect(steadyIntrospector(denied.introspector).getTables()).rejects.toThrow('failed with 42501')
    expect(denied.reads()).toBe(1)
  })
})
