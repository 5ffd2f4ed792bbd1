import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'
import { DATABASES } from './databases.js'
import { warnings } from './provider-calls.js'

/** Every stored message and conversation of the harness's database, as one string to search. */
async function storedData(h: Harness): Promise<string> {
  const messages = await h.chatbot.db.selectFrom('messages').selectAll().execute()
  const conversations = await h.chatbot.db.selectFrom('conversations').selectAll().execute()
  return JSON.stringify({ messages, conversations })
}

describe.each(TRANSPORTS)('a faulty provider, seen from the browser (%s)', (transport) => {
  let h: Harness | undefined
  afterEach(() => h?.close())

  it.each([
    ['a 500 naming a host', { rawBody: 'upstream exploded at db-7.internal.corp:5432', status: 500 }, 'db-7.internal.corp', 'provider_unavailable'],
    ['a 429 naming the org', { status: 429, errorBody: { error: { message: 'Rate limit reached for org-Zx81Ab on tokens.' } } }, 'org-Zx81Ab', 'provider_unavailable'],
    ['a garbage line', { text: 'fine so far', rawLines: ['data: <b>proxy error at 10.0.3.7</b>'] }, '10.0.3.7', 'provider_error'],
  ])('%s: the event and the stored data say none of it, the log once', async (_case, reply, secret, code) => {
    const log = warnings()
    h = await createHarness(transport, { provider: { retries: 0 } }, { logger: log.logger })
    h.provider.script(reply)
    const response = await h.post({ signed_context: h.envelope(), message: 'hello' })
    const stream = await events(response)
    expect(stream.at(-1)).toMatchObject({ type: 'error', code, message: expect.stringMatching(/^The AI provider /) })
    expect(JSON.stringify(stream)).not.toContain(secret)
    expect(await storedData(h)).not.toContain(secret)
    expect(log.lines.filter((line) => line.includes(secret))).toHaveLength(1)
    expect(log.lines.join()).not.toContain('test-key')
  })

  it('8 MiB with no newline ends the turn with provider_error, not a timeout, and keeps the text before it', async () => {
    h = await createHarness(transport, { streamDuration: 30 })
    h.provider.script({ chunks: ['Partial '], endlessLineBytes: 8 * 1024 * 1024 })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'flood me' }))
    expect(stream.filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['Partial '])
    expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'provider_error', retryable: false, message: 'The AI provider sent an answer that could not be read.' })
    expect(h.provider.requests).toHaveLength(1)
  })

  it.each([
    ['text/html', '<html><body>Bad gateway (edge-3.internal)</body></html>'],
    ['application/json', JSON.stringify({ error: { message: 'overloaded on gpu-17', type: 'server_error' } })],
  ])('a 200 with %s ends with provider_error at once, never retried', async (contentType, rawBody) => {
    h = await createHarness(transport)
    h.provider.script({ rawBody, contentType }, { text: 'must not be asked' })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hello' }))
    expect(stream.at(-1)).toMatchObject({
      type: 'error',
      code: 'provider_error',
      retryable: false,
      message: `The AI provider answered with ${contentType} instead of an event stream.`,
    })
    expect(h.provider.requests).toHaveLength(1)
  })
})

describe.each(DATABASES.map((target) => [target.name, target] as const))('a reply with U+0000 on %s', (_name, target) => {
  let h: Harness | undefined
  let drop: (() => Promise<void>) | undefined
  afterEach(async () => {
    await h?.close()
    await drop?.()
  })

  it.skipIf(target.skip)('is streamed and stored without the NULs, finish_reason stop', async () => {
    const created = await target.create()
    drop = created.drop
    h = await createHarness('in-process', { database: created.database })
    h.provider.script({ chunks: ['Hel\u0000lo', '\u0000', ' world\u0000'] })
    const response = await h.post({ signed_context: h.envelope(), message: 'say hello' })
    const id = response.headers.get('x-chatbot-conversation-id')!
    const stream = await events(response)
    expect(stream.filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['Hello', ' world'])
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    const history = (await (await h.history(id, h.envelope())).json()) as { messages: { role: string; content: string }[] }
    expect(history.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Hello world' })
  })
})
