import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createEnvelopeSigner, generateAppKey } from '@chatbot-kit/kernel'
import { rawRequest } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { follow, paced } from '../../kernel/test/shutdown-streams.js'
import { assertBuilt, BIN, cleanEnv, SERVE_URL_LINE, start, tempProject } from './cli.js'

beforeAll(() => assertBuilt())

/** Each request on a connection of its own, as a balancer's health check opens one. */
const onNewConnection = (url: string) => rawRequest(url, { headers: { connection: 'close' } })

describe('chatbot serve started as the docs say, then SIGTERM to its pid', () => {
  let provider: DemoProvider
  beforeAll(async () => {
    // About 2 s: still streaming at the signal, done well within the grace.
    provider = await createDemoProvider({ responder: () => paced(20, 100) })
  })
  afterAll(() => provider.close())

  /** A project whose `node_modules/.bin/chatbot` is the package's bin, as npm links it. */
  async function serveFromProject(extraEnv: Record<string, string> = {}) {
    const dir = tempProject()
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true })
    symlinkSync(BIN, join(dir, 'node_modules', '.bin', 'chatbot'))
    const appKey = generateAppKey()
    const env = cleanEnv({ CHATBOT_APP_KEY: appKey, CHATBOT_BASE_URL: provider.url, CHATBOT_API_KEY: 'k', CHATBOT_ROUTE_MIDDLEWARE: '', CHATBOT_DATABASE_URL: join(dir, 'chatbot.sqlite'), ...extraEnv })
    // `node node_modules/.bin/chatbot serve`: the pid we signal is the server's own, as in `CMD ["node", …]`.
    const server = await start(['serve', '--port', '0'], dir, env, SERVE_URL_LINE, join('node_modules', '.bin', 'chatbot'))
    const origin = server.match[1]!
    const token = createEnvelopeSigner({ appKey }).mint({ route: 'test.page', channel: 'default', userId: 'user-1' })
    const reply = follow(
      await fetch(`${origin}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token, message: 'hi' }) }),
    )
    await reply.started
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve))
    return { server, origin, reply, exited }
  }

  it('shuts down gracefully: the open reply finishes, the log says so, exit 0, and nothing is left listening', async () => {
    const { server, origin, reply, exited } = await serveFromProject()
    process.kill(server.child.pid!, 'SIGTERM')
    expect(await exited).toBe(0)
    expect((await reply.ended).at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    expect(server.output()).toMatch(/Shutting down: no new connections[\s\S]*Stopped\./)
    await expect(onNewConnection(`${origin}/chatbot/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('with CHATBOT_SHUTDOWN_DRAIN_DELAY, keeps accepting connections with health at 503 for the delay, then closes the port', async () => {
    const { server, origin, reply, exited } = await serveFromProject({ CHATBOT_SHUTDOWN_DRAIN_DELAY: '3' })
    process.kill(server.child.pid!, 'SIGTERM')
    await expect.poll(() => server.output()).toMatch(/health answers 503; still accepting connections for 3 s/)
    const health = await onNewConnection(`${origin}/chatbot/health`)
    expect(health.status).toBe(503)
    expect(JSON.parse(health.body.toString())).toMatchObject({ problem: 'shutting down' })
    expect(await exited).toBe(0)
    expect((await reply.ended).at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    await expect(onNewConnection(`${origin}/chatbot/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })
})
