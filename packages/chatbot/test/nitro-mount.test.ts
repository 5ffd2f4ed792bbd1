import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, createDevServer, createNitro, prepare, type Nitro } from 'nitropack'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { readSse } from '@chatbot-kit/test-utils'
import { createEnvelopeSigner, generateAppKey } from '@chatbot-kit/kernel'

// A real Nitro 2 app (test/fixtures/nitro-app, the files docs/deployment.md shows) built in dev mode
// and served on a socket; it imports the built `chatbot-kit` (run `npx tsc -b tsconfig.build.json` first).

const rootDir = fileURLToPath(new URL('./fixtures/nitro-app/', import.meta.url))
const CHATBOT_ENV = ['CHATBOT_APP_KEY', 'CHATBOT_DATABASE_URL', 'CHATBOT_BASE_URL', 'CHATBOT_API_KEY', 'CHATBOT_ROUTE_MIDDLEWARE'] as const

describe('chatbot-kit mounted in a Nitro 2 app', () => {
  let nitro: Nitro
  let close: () => Promise<void>
  let origin: string
  let provider: DemoProvider
  let work: string
  const appKey = generateAppKey()
  const saved = Object.fromEntries(CHATBOT_ENV.map((name) => [name, process.env[name]]))

  beforeAll(async () => {
    if (!existsSync(fileURLToPath(new URL('../dist/index.js', import.meta.url)))) throw new Error('Build first: npx tsc -b tsconfig.build.json (the Nitro app imports the built chatbot-kit).')
    work = mkdtempSync(join(tmpdir(), 'chatbot-nitro-'))
    provider = await createDemoProvider()
    // The dev worker reads the chatbot's config from the environment it inherits.
    Object.assign(process.env, {
      CHATBOT_APP_KEY: appKey,
      CHATBOT_DATABASE_URL: join(work, 'chatbot.sqlite'),
      CHATBOT_BASE_URL: provider.url,
      CHATBOT_API_KEY: 'test-key',
      CHATBOT_ROUTE_MIDDLEWARE: '',
    })
    nitro = await createNitro({ rootDir, dev: true, preset: 'nitro-dev', buildDir: join(work, '.nitro'), output: { dir: join(work, '.output') }, logLevel: 1 })
    const server = createDevServer(nitro)
    const listener = await server.listen(0, { hostname: '127.0.0.1', showURL: false })
    origin = listener.url.replace(/\/$/, '')
    await prepare(nitro)
    const ready = new Promise<void>((resolve) => nitro.hooks.hook('dev:reload', () => resolve()))
    await build(nitro)
    await ready
    close = async () => {
      await listener.close()
      await nitro.close()
    }
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await provider?.close()
    for (const name of CHATBOT_ENV) if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
    rmSync(work, { recursive: true, force: true })
  })

  it('answers health through the catch-all route', async () => {
    const response = await fetch(`${origin}/chatbot/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', active_streams: 0 })
  })

  it('serves widget.js', async () => {
    const response = await fetch(`${origin}/chatbot/widget.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
    expect((await response.text()).length).toBeGreaterThan(100)
  })

  it('streams a reply over SSE and stores it for the history route', async () => {
    provider.script({ text: 'Hello from inside Nitro' })
    const envelope = createEnvelopeSigner({ appKey }).mint({ userId: 'nitro-user', route: 'nitro.page', channel: 'default' })
    const response = await fetch(`${origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: envelope, message: 'hi there' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const events = await readSse<{ type: string; content?: string }>(response)
    expect(events.filter((event) => event.type === 'token').map((event) => event.content).join('')).toBe('Hello from inside Nitro')
    expect(events.at(-1)?.type).toBe('done')

    const history = await fetch(`${origin}/chatbot/conversations/${conversationId}/messages?signed_context=${encodeURIComponent(envelope)}`)
    expect(history.status).toBe(200)
    const { messages } = (await history.json()) as { messages: { role: string; content: string; route_name: string }[] }
    expect(messages.map((message) => [message.role, message.content, message.route_name])).toEqual([
      ['user', 'hi there', 'nitro.page'],
      ['assistant', 'Hello from inside Nitro', 'nitro.page'],
    ])
  })

  it('leaves the rest of the host app to Nitro and unknown chatbot paths to the chatbot', async () => {
    const unknown = await fetch(`${origin}/chatbot/nope`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } })
    const outside = await fetch(`${origin}/not-chatbot`)
    expect(outside.status).toBe(404)
    expect(await outside.text()).not.toContain('not_found"')
  })
})
