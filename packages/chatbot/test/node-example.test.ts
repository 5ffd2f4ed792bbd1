import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createEnvelopeSigner, generateAppKey } from '@chatbot-kit/kernel'
import { rawRequest } from '@chatbot-kit/test-utils'
import { follow, paced } from '../../kernel/test/shutdown-streams.js'
import { startApp } from './packed/server.js'
import { assertBuilt, cleanEnv } from './cli.js'

// docs/examples/node/server.mjs as the docs run it (`node server.mjs`), with the built chatbot-kit:
// SIGTERM while a reply streams.
const EXAMPLE = fileURLToPath(new URL('../../../docs/examples/node/server.mjs', import.meta.url))

/** Each request on a connection of its own, as a balancer's health check opens one. */
const onNewConnection = (url: string) => rawRequest(url, { headers: { connection: 'close' } })

describe('the plain Node example on SIGTERM', () => {
  let provider: DemoProvider
  beforeAll(async () => {
    assertBuilt()
    // About 2 s: still streaming at the signal, done well within the grace.
    provider = await createDemoProvider({ responder: () => paced(20, 100) })
  })
  afterAll(() => provider?.close())

  it('answers health 503 during the drain delay, lets the open reply finish, logs each step and exits 0 by itself', async () => {
    const appKey = generateAppKey()
    const cwd = mkdtempSync(join(tmpdir(), 'chatbot-node-'))
    const env = cleanEnv({ CHATBOT_APP_KEY: appKey, CHATBOT_BASE_URL: provider.url, CHATBOT_API_KEY: 'k', CHATBOT_ROUTE_MIDDLEWARE: '', CHATBOT_SHUTDOWN_DRAIN_DELAY: '2', PORT: '0', HOST: '127.0.0.1' })
    const server = await startApp(process.execPath, [EXAMPLE], cwd, env, /Listening on (http:\/\/[\d.]+:\d+)/)
    const token = createEnvelopeSigner({ appKey }).mint({ route: 'test.page', channel: 'default', userId: 'user-1' })
    const reply = follow(
      await fetch(`${server.origin}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token, message: 'hi' }) }),
    )
    await reply.started

    const exited = server.stop()
    await expect.poll(() => server.output()).toMatch(/health answers 503; still accepting connections for 2 s/)
    expect((await onNewConnection(`${server.origin}/chatbot/health`)).status).toBe(503)
    expect(await exited).toBe(0)
    expect((await reply.ended).at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    expect(server.output()).toMatch(/no new connections[\s\S]*Stopped\./)
    await expect(onNewConnection(`${server.origin}/chatbot/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })
})
