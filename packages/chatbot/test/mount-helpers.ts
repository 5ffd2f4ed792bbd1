import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { readSse } from '@chatbot-kit/test-utils'
import { createEnvelopeSigner, generateAppKey } from '@chatbot-kit/kernel'

// Shared by the host-mount tests (nitro-mount, nuxt-mount): the chatbot's environment, the demo provider,
// and the checks every host must pass over HTTP.

export const CHATBOT_ENV = ['CHATBOT_APP_KEY', 'CHATBOT_DATABASE_URL', 'CHATBOT_BASE_URL', 'CHATBOT_API_KEY', 'CHATBOT_ROUTE_MIDDLEWARE'] as const

export interface MountedChatbot {
  appKey: string
  provider: DemoProvider
  /** CHATBOT_* for the host's server: the demo provider, a SQLite file in `work`, no route middleware. */
  env: Record<(typeof CHATBOT_ENV)[number], string>
}

/** The host apps import the built `chatbot-kit`. */
export function assertChatbotBuilt(): void {
  if (!existsSync(fileURLToPath(new URL('../dist/index.js', import.meta.url)))) throw new Error('Build first: npx tsc -b tsconfig.build.json (the host app imports the built chatbot-kit).')
}

export async function startMountedChatbot(work: string): Promise<MountedChatbot> {
  const appKey = generateAppKey()
  const provider = await createDemoProvider()
  const env = { CHATBOT_APP_KEY: appKey, CHATBOT_DATABASE_URL: join(work, 'chatbot.sqlite'), CHATBOT_BASE_URL: provider.url, CHATBOT_API_KEY: 'test-key', CHATBOT_ROUTE_MIDDLEWARE: '' }
  return { appKey, provider, env }
}

/** Sets CHATBOT_* in this process (a dev worker inherits them); returns the undo. */
export function applyChatbotEnv(env: MountedChatbot['env']): () => void {
  const saved = Object.fromEntries(CHATBOT_ENV.map((name) => [name, process.env[name]]))
  Object.assign(process.env, env)
  return () => {
    for (const name of CHATBOT_ENV) if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
}

/** The `it`s every host passes: health, widget.js, a streamed reply and its history, the chatbot's 404. */
export function itServesTheMountedChatbot(host: string, context: () => { origin: string; chatbot: MountedChatbot }): void {
  const label = host.charAt(0).toUpperCase() + host.slice(1)

  it('answers health through the catch-all route', async () => {
    const response = await fetch(`${context().origin}/chatbot/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', active_streams: 0 })
  })

  it('serves widget.js', async () => {
    const response = await fetch(`${context().origin}/chatbot/widget.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
    expect((await response.text()).length).toBeGreaterThan(100)
  })

  it('streams a reply over SSE and stores it for the history route', async () => {
    const { origin, chatbot } = context()
    chatbot.provider.script({ text: `Hello from inside ${label}` })
    const envelope = createEnvelopeSigner({ appKey: chatbot.appKey }).mint({ userId: `${host}-user`, route: `${host}.page`, channel: 'default' })
    const response = await fetch(`${origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: envelope, message: 'hi there' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const events = await readSse<{ type: string; content?: string }>(response)
    expect(events.filter((event) => event.type === 'token').map((event) => event.content).join('')).toBe(`Hello from inside ${label}`)
    expect(events.at(-1)?.type).toBe('done')

    const history = await fetch(`${origin}/chatbot/conversations/${conversationId}/messages?signed_context=${encodeURIComponent(envelope)}`)
    expect(history.status).toBe(200)
    const { messages } = (await history.json()) as { messages: { role: string; content: string; route_name: string }[] }
    expect(messages.map((message) => [message.role, message.content, message.route_name])).toEqual([
      ['user', 'hi there', `${host}.page`],
      ['assistant', `Hello from inside ${label}`, `${host}.page`],
    ])
  })

  it('answers unknown chatbot paths with the chatbot 404', async () => {
    const unknown = await fetch(`${context().origin}/chatbot/nope`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } })
  })
}
