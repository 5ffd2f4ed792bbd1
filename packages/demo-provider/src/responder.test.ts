import { postJson, readSse } from '@chatbot-kit/test-utils'
import { describe, expect, test } from 'vitest'
import { createDefaultResponder } from './responder.js'
import { createDemoProvider } from './server.js'
import type { DemoRequest, DemoTool } from './types.js'

const respond = createDefaultResponder()
const user = (content: string) => ({ role: 'user', content })
const tool = (name: string, description?: string, parameters?: Record<string, unknown>): DemoTool => ({
  type: 'function',
  function: { name, ...(description ? { description } : {}), ...(parameters ? { parameters } : {}) },
})

describe('the default responder', () => {
  test('reflects the question and says how to reach a real model', () => {
    const { text } = respond({ messages: [user('What is the capital of France?')] })
    expect(text).toContain('"What is the capital of France?"')
    expect(text).toContain('offline demo provider')
    expect(text).toContain('CHATBOT_API_KEY')
    expect(text).toContain('CHATBOT_BASE_URL')
  })

  test('greets back a greeting, and reads OpenAI content parts', () => {
    expect(respond({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello bot' }] }] }).text).toMatch(/^Hello!/)
  })

  test('calls a tool the question clearly asks for, filling its required parameters', () => {
    const tools = [
      tool('get_weather', 'Weather forecast for a city'),
      tool('currentClock', 'Tells the time', {
        type: 'object',
        properties: { timezone: { type: 'string' }, format: { type: 'string', enum: ['24h', '12h'] }, verbose: { type: 'boolean' } },
        required: ['timezone', 'format'],
      }),
    ]
    expect(respond({ messages: [user("What's the time?")], tools })).toEqual({
      toolCalls: [{ name: 'currentClock', arguments: { timezone: 'UTC', format: '24h' } }],
    })
    expect(respond({ messages: [user('Will it rain tomorrow in Oslo?')], tools }).toolCalls?.[0]?.name).toBe('get_weather')
  })

  test('answers in text when no tool fits or tools are switched off', () => {
    const tools = [tool('get_time', 'Current time')]
    expect(respond({ messages: [user('Tell me a joke')], tools }).toolCalls).toBeUndefined()
    expect(respond({ messages: [user('What time is it?')], tools, tool_choice: 'none' }).toolCalls).toBeUndefined()
  })

  test('summarizes the results of the tools it called', () => {
    const request: DemoRequest = {
      messages: [
        user('What time is it, and the weather?'),
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', function: { name: 'get_time', arguments: '{}' } },
            { id: 'c2', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"time":"12:00","zone":"UTC"}' },
        { role: 'tool', tool_call_id: 'c2', content: 'Sunny, 21 °C' },
      ],
    }
    expect(respond(request).text).toBe('Here is what `get_time` returned:\n\n- **Time:** 12:00\n- **Zone:** UTC\n\n`get_weather` says: Sunny, 21 °C')
  })

  test('with tokensPerReply, every reply is exactly that many tokens, over the wire too', async () => {
    const provider = await createDemoProvider({ tokensPerReply: 50 })
    const response = await postJson(`${provider.url}/chat/completions`, {
      messages: [user('anything')],
      stream: true,
      stream_options: { include_usage: true },
    })
    const events = (await readSse<{ choices: { delta: { content?: string } }[]; usage?: { completion_tokens: number } }>(response)).slice(0, -1)
    await provider.close()
    const tokens = events.flatMap((event) => event.choices[0]?.delta.content ?? [])
    expect(tokens).toHaveLength(50)
    expect(tokens.join('')).toBe(Array.from({ length: 50 }, (_, index) => `tok${index}`).join(' '))
    expect(events.at(-1)!.usage!.completion_tokens).toBe(50)
  })
})

describe('answers from retrieved knowledge', () => {
  const knowledge = [
    '[1] Return policy — https://shop.test/returns#policy',
    'You may return any item within 30 days of delivery for a full refund.',
    '',
    '[2] Shipping — https://shop.test/shipping',
    'Orders ship within two business days.',
  ].join('\n')
  const system = (name: string) => ({ role: 'system', content: `You are Max from ACME support.\n\n<context name="${name}" source="server">\n${knowledge}\n</context>` })

  test('answers from the first numbered chunk and cites it [1], and nothing of the second', () => {
    const { text } = respond({ messages: [system('knowledge'), user('What is your return policy?')] })
    expect(text).toBe('Sure. From the documentation (Return policy — https://shop.test/returns#policy): You may return any item within 30 days of delivery for a full refund. [1]')
  })

  test('leaves out the URL line the knowledge plugin puts under a chunk’s title', () => {
    const section = { role: 'system', content: '<context name="knowledge" source="server">\n[1] Returns — Return window\nURL: https://shop.test/returns#return-window\nReturns are free within 30 days.\n</context>' }
    expect(respond({ messages: [section, user('Returns?')] }).text).toBe('Sure. From the documentation (Returns — Return window): Returns are free within 30 days. [1]')
  })

    test('quotes a one-line chunk once', () => {
    const oneLine = { role: 'system', content: '<context name="knowledge" source="server">\n[1] Returns are free within 30 days.\n</context>' }
    expect(respond({ messages: [oneLine, user('Returns?')] }).text).toBe('Sure. From the documentation: Returns are free within 30 days. [1]')
  })

  test('keeps its other replies: a greeting, and a prompt without a knowledge section', () => {
    expect(respond({ messages: [system('knowledge'), user('Hello')] }).text).toMatch(/^Hello!/)
    expect(respond({ messages: [system('notes'), user('What is your return policy?')] }).text).toMatch(/^Sure. Here is what I was given about this:/)
  })
})
