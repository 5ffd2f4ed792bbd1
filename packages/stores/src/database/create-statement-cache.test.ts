import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { createStatementCache } from './create-statement-cache.js'

describe('createStatementCache', () => {
  const database = new Database(':memory:')
  afterAll(() => database.close())

  it('prepares each SQL text once and the statements still run', () => {
    const cache = createStatementCache(database)
    database.exec('create table t (n integer)')
    const insert = cache.prepare('insert into t (n) values (?)')
    expect(cache.prepare('insert into t (n) values (?)')).toBe(insert)
    insert.run([1])
    cache.prepare('insert into t (n) values (?)').run([2])
    expect(cache.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }])
  })

  it('forgets the least recently used statement beyond its capacity', () => {
    const cache = createStatementCache(database)
    const first = cache.prepare('select 0')
    const second = cache.prepare('select 1')
    // 202 texts for 200 places: plain insertion order would drop `select 0` and `select 1`.
    for (let n = 2; n <= 201; n++) {
      cache.prepare(`select ${n}`)
      cache.prepare('select 1') // keeps `select 1` recently used
    }
    expect(cache.prepare('select 1')).toBe(second)
    expect(cache.prepare('select 0')).not.toBe(first)
  })
})
