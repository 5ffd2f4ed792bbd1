import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'
import { warnings } from './provider-calls.js'

describe.each(TRANSPORTS)('a turn whose provider fails before the first token (%s)', (transport) => {
  let h: Harness | undefined
  afterEach(() => h?.close())

  it('a 503 then a 200: a normal streamed reply, one stored user message, one warning', async () => {
    const log = warnings()
    h = await createHarness(transport, {}, { logger: log.logger })
    h.provider.script({ status: 503 }, { chunks: ['Sorry, ', 'I am back.'] })
    const response = await h.post({ signed_context: h.envelope(), message: 'are you there?' })
    const id = response.headers.get('x-chatbot-conversation-id')!
    const stream = await events(response)
    expect(stream.filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['Sorry, ', 'I am back.'])
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    expect(stream.some((event) => event.type === 'error')).toBe(false)
    expect(h.provider.requests).toHaveLength(2)
    expect(h.provider.requests[1]!.body).toEqual(h.provider.requests[0]!.body)

    const history = (await (await h.history(id, h.envelope())).json()) as { messages: { role: string; content: string }[] }
    expect(history.messages.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'user', content: 'are you there?' },
      { role: 'assistant', content: 'Sorry, I am back.' },
    ])
    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]).toContain('503')
    expect(log.lines[0]).not.toContain('test-key')
  })

  it('a 408 is what the browser is told it is: retried once, then an error event with retryable true', async () => {
    h = await createHarness(transport, { provider: { retries: 1 } })
    h.provider.script({ status: 408 }, { status: 408 }, { text: 'must not be asked' })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hello' }))
    expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'provider_unavailable', retryable: true })
    expect(h.provider.requests).toHaveLength(2)
  })

  it('a Retry-After past streamDuration ends the turn at once with provider_unavailable, not stream_timeout', async () => {
    h = await createHarness(transport, { streamDuration: 5 })
    h.provider.script({ status: 429, headers: { 'retry-after': '30' } }, { text: 'must not be asked' })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hello' }))
    expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'provider_unavailable', retryable: true })
    expect(h.provider.requests).toHaveLength(1)
  })
})
