import { describe, expect, it } from 'vitest'
import { postgresPoolSize } from './postgres-pool-size.js'

describe('postgresPoolSize', () => {
  it('takes the configured size when the URL has no max, leaving the URL as it is', () => {
    const url = 'postgres://chat:p%40ss@db.internal:5432/chat?sslmode=require'
    expect(postgresPoolSize(url, 10)).toEqual({ url, max: 10 })
  })

  it("lets the URL's max win and takes it out of the URL", () => {
    expect(postgresPoolSize('postgres://chat@pgbouncer:6432/chat?max=4&sslmode=disable', 10)).toEqual({ url: 'postgres://chat@pgbouncer:6432/chat?sslmode=disable', max: 4 })
  })

  it('refuses a max that is not a whole number from 1 to 1000, naming the parameter', () => {
    for (const bad of ['0', '-1', 'ten', '1001']) {
      expect(() => postgresPoolSize(`postgres://db/chat?max=${bad}`, 10)).toThrow(/"database".*"max" \(the pool size\) must be a whole number from 1 to 1000/)
    }
  })
})
