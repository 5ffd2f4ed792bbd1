import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { generateAppKey, serveChatbot, type Chatbot, type RunningServer } from '@chatbot-kit/kernel'
import { postJson, readSse, silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot } from '../src/create.js'

// The responses docs/getting-started.md shows (marked `<!-- response: name -->`) against what
// the server sends for the same requests: the same fields, none missing and none extra, at
// every depth. Values differ (ids, times), the shape may not.
const PAGE = readFileSync(new URL('../../../docs/getting-started.md', import.meta.url), 'utf8')
const shown = (name: string) => PAGE.match(new RegExp(`<!-- response: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``))![1]!

/** Every key path of a JSON value (`checks.database.status`), array items merged. */
function shape(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => shape(item, `${prefix}[].`)))].sort()
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, item]) => [`${prefix}${key}`, ...shape(item, `${prefix}${key}.`)]).sort()
}

/** The `data:` objects of a stream, one per event type. */
const byType = (events: { type: string }[]) => Object.fromEntries(events.map((event) => [event.type, shape(event)]))

describe('the responses docs/getting-started.md shows', () => {
  let provider: DemoProvider
  let chatbot: Chatbot
  let server: RunningServer
  const actual: Record<string, unknown> = {}
  beforeAll(async () => {
    provider = await createDemoProvider()
    chatbot = await createChatbot({ appKey: generateAppKey(), database: ':memory:', baseUrl: provider.url, apiKey: 'k', routeMiddleware: [] }, { logger: silentLogger() })
    server = await serveChatbot(chatbot, { port: 0 })
    const token = chatbot.mintEnvelope({ userId: 'alice', route: 'docs.home', channel: 'default' })
    actual.health = await (await fetch(`${server.url}/chatbot/health`)).json()
    const reply = await postJson(`${server.url}/chatbot/messages`, { signed_context: token, message: 'What can you do?' })
    actual.stream = await readSse<{ type: string }>(reply)
    const id = reply.headers.get('x-chatbot-conversation-id')!
    actual.history = await (await fetch(`${server.url}/chatbot/conversations/${id}/messages?signed_context=${token}`)).json()
  })
  afterAll(async () => {
    await server?.close()
    await provider?.close()
  })

  it('health', () => {
    expect(shape(JSON.parse(shown('health')))).toEqual(shape(actual.health))
  })

  it('the message stream: each event type shown has the fields sent', () => {
    const sample = shown('message-stream')
    const events = [...sample.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!) as { type: string })
    expect(sample).toMatch(/^id: [\w-]+:1$/m)
    const sent = byType(actual.stream as { type: string }[])
    expect(Object.keys(byType(events)).sort()).toEqual(['context_summary', 'done', 'token'])
    for (const [type, fields] of Object.entries(byType(events))) expect(fields, type).toEqual(sent[type])
  })

  it('the history: top-level fields, and those of a user message and of a reply', () => {
    const sample = JSON.parse(shown('history')) as { messages: { role: string }[] }
    const history = actual.history as typeof sample
    expect(Object.keys(sample).sort()).toEqual(Object.keys(history).sort())
    for (const role of ['user', 'assistant']) {
      expect(shape(sample.messages.find((message) => message.role === role)), role).toEqual(shape(history.messages.find((message) => message.role === role)))
    }
  })
})
