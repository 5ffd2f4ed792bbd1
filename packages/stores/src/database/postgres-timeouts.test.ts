import { describe, expect, it } from 'vitest'
import { postgresTimeouts } from './postgres-timeouts.js'

describe('postgresTimeouts', () => {
  it('bounds connecting at 5 s and each query at 10 s, leaving a URL without limits as it is', () => {
    const url = 'postgres://chat:p%40ss@db.internal:5432/chat?sslmode=require'
    expect(postgresTimeouts(url)).toEqual({ url, connectionTimeoutMillis: 5_000, query_timeout: 10_000 })
  })

  it('reads connect_timeout in seconds and query_timeout in milliseconds, and takes them out of the URL', () => {
    expect(postgresTimeouts('postgres://chat@db/chat?connect_timeout=3&query_timeout=0&statement_timeout=9000')).toEqual({
      url: 'postgres://chat@db/chat?statement_timeout=9000',
      connectionTimeoutMillis: 3_000,
      query_timeout: 0,
    })
  })

  it('refuses a limit that is not a whole number or is beyond what a timer holds', () => {
    expect(() => postgresTimeouts('postgres://db/chat?query_timeout=-1')).toThrow(/"query_timeout" must be a whole number of milliseconds/)
    expect(() => postgresTimeouts('postgres://db/chat?connect_timeout=99999999')).toThrow(/"connect_timeout" must be a whole number of seconds up to 2147483/)
  })
})
