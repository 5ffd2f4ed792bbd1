import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChatbotConfig } from '@chatbot-kit/kernel'
import { createHarness, events, type Harness } from './harness.js'
import { recordSpans } from './telemetry-sdk.js'

const { named } = recordSpans()

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

async function turn(config: ChatbotConfig, message = 'What is the weather like?') {
  h = await createHarness('socket', { model: 'test-model', provider: { retries: 0 }, ...config })
  const response = await h.post({ signed_context: h.envelope(), message })
  expect(response.status).toBe(200)
  const stream = await events(response)
  const [span, ...others] = named('chat test-model')
  expect(others).toEqual([])
  return { span: span!, stream, conversationId: response.headers.get('x-chatbot-conversation-id')! }
}

describe('the chat span of a turn', () => {
  it('is a CLIENT span with the GenAI attributes, ended when the stream ends', async () => {
    const { span, stream, conversationId } = await turn({})
    expect(stream.at(-1)).toMatchObject({ type: 'done' })
    const port = Number(new URL(h!.provider.url).port)
    expect(span.kind).toBe(SpanKind.CLIENT)
    expect(span.ended).toBe(true)
    expect(span.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'test-model',
      'gen_ai.response.model': 'test-model',
      'gen_ai.conversation.id': conversationId,
      'gen_ai.usage.input_tokens': (stream.at(-1)!.usage as { input_tokens: number }).input_tokens,
      'gen_ai.usage.output_tokens': (stream.at(-1)!.usage as { output_tokens: number }).output_tokens,
      'gen_ai.response.finish_reasons': ['stop'],
      'server.address': '127.0.0.1',
      'server.port': port,
    })
    expect(span.status.code).toBe(SpanStatusCode.UNSET)
  })

  it('records the usage the provider reported', async () => {
    h = await createHarness('socket', { model: 'test-model' })
    h.provider.script({ text: 'Sunny.', usage: { prompt_tokens: 41, completion_tokens: 7 } })
    await events(await h.post({ signed_context: h.envelope(), message: 'weather?' }))
    const [span] = named('chat test-model')
    expect(span!.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 41, 'gen_ai.usage.output_tokens': 7 })
  })

  it('a failed turn sets error.type to the error code and the status to ERROR', async () => {
    h = await createHarness('socket', { model: 'test-model', provider: { retries: 0 } })
    h.provider.script({ status: 500 })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hi' }))
    expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'provider_unavailable' })
    const [span] = named('chat test-model')
    expect(span!.attributes['error.type']).toBe('provider_unavailable')
    expect(span!.status.code).toBe(SpanStatusCode.ERROR)
    expect(span!.attributes).not.toHaveProperty('gen_ai.response.finish_reasons')
    expect(span!.ended).toBe(true)
  })

  it('records no message text by default', async () => {
    const { span } = await turn({})
    expect(Object.keys(span.attributes).filter((key) => key.endsWith('.messages'))).toEqual([])
    expect(JSON.stringify(span.attributes)).not.toContain('weather')
  })

  it('with telemetry.captureContent records the message and the reply', async () => {
    const { span, stream } = await turn({ telemetry: { captureContent: true } })
    const reply = stream.filter((event) => event.type === 'token').map((event) => event.content).join('')
    expect(JSON.parse(span.attributes['gen_ai.input.messages'] as string)).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'What is the weather like?' }] },
    ])
    expect(JSON.parse(span.attributes['gen_ai.output.messages'] as string)).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: reply }], finish_reason: 'stop' },
    ])
  })
})
