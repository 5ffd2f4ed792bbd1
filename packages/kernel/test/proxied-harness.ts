import { afterAll, beforeAll } from 'vitest'
import { createPostgresSchema, proxiedUrl, type PostgresSchema, type TcpProxy } from '@chatbot-kit/test-utils'
import { createHarness, type Harness } from './harness.js'

/** Where the proxy sits: Postgres (a fresh schema; `params` go into the URL) or Redis. */
export type ProxiedTarget = { postgres: string; params?: Record<string, string> } | { redis: string }

/**
 * A chatbot over a real socket whose Postgres or Redis connection runs through a TCP proxy the
 * test can freeze or refuse, set up before the suite and torn down after it. Read `h` and `proxy`
 * inside the tests (they exist once `beforeAll` ran).
 */
export function proxiedHarness(target: ProxiedTarget): { readonly h: Harness; readonly proxy: TcpProxy } {
  let schema: PostgresSchema | undefined
  let proxy: TcpProxy | undefined
  let h: Harness | undefined
  beforeAll(async () => {
    if ('postgres' in target) {
      schema = await createPostgresSchema(target.postgres)
      const proxied = await proxiedUrl(schema.url, target.params)
      proxy = proxied.proxy
      h = await createHarness('socket', { database: { url: proxied.url } })
    } else {
      const proxied = await proxiedUrl(target.redis)
      proxy = proxied.proxy
      h = await createHarness('socket', { storage: proxied.url })
    }
  })
  afterAll(async () => {
    await proxy?.resume()
    await h?.close()
    await proxy?.close()
    await schema?.drop()
  })
  return {
    get h() {
      return h!
    },
    get proxy() {
      return proxy!
    },
  }
}
