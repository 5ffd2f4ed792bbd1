import { describe, expect, it, vi } from 'vitest'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import { defineTool } from '../src/index.js'
import { ask, ofType, recorder, sent, start, wait, type StreamEvent } from './setup.js'

const byCallId = (a: StreamEvent, b: StreamEvent) => String(a.call_id).localeCompare(String(b.call_id))
const cityParameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }

describe('offering tools', () => {
  it('offers only the channel’s allowed tools that are registered', async () => {
    const h = await start({ channels: { support: { allowedTools: ['weather', 'missing'] } } })
    h.chatbot.registerTool(defineTool({ name: 'weather', description: 'Weather in a city', parameters: cityParameters, handler: () => 'sunny' }))
    h.chatbot.registerTool(defineTool({ name: 'secret', description: 'Not on this channel', parameters: {}, handler: () => 'no' }))
    await ask(h, 'hi', 'support')
    expect(sent(h, 0).tools).toEqual([{ type: 'function', function: { name: 'weather', description: 'Weather in a city', parameters: cityParameters } }])
    expect(sent(h, 0).tool_choice).toBe('auto')
    await ask(h, 'hi', 'default')
    expect(sent(h, 1)).not.toHaveProperty('tools')
  })

  it('follows the fluent channel scope’s tools(), which replaces allowedTools', async () => {
    const h = await start({ channels: { support: { allowedTools: ['weather'] } } })
    h.chatbot.registerTool(defineTool({ name: 'weather', description: 'Weather', parameters: cityParameters, handler: () => 'sunny' }))
    h.chatbot.registerTool(defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: () => '12:00' }))
    h.chatbot.channel('support').tools(['clock'])
    await ask(h, 'hi', 'support')
    expect(sent(h, 0).tools!.map((tool) => tool.function.name)).toEqual(['clock'])
  })

  it('lists, adds and clears tools: config definitions, registerTool, clearTools', async () => {
    const fromConfig = defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: () => '12:00' })
    const h = await start({ tools: { definitions: [fromConfig] }, channels: { default: { allowedTools: ['clock', 'weather'] } } })
    h.chatbot.registerTool(defineTool({ name: 'weather', description: 'Weather', parameters: cityParameters, handler: () => 'sunny' }))
    expect(h.chatbot.tools().map((tool) => tool.name)).toEqual(['clock', 'weather'])
    await ask(h)
    expect(sent(h, 0).tools!.map((tool) => tool.function.name)).toEqual(['clock', 'weather'])
    h.chatbot.clearTools()
    expect(h.chatbot.tools()).toEqual([])
    await ask(h)
    expect(sent(h, 1)).not.toHaveProperty('tools')
  })

  it('with provider.supportsTools false sends no tools field, never reads the registry, and runs nothing', async () => {
    const clock = recorder()
    const h = await start({ provider: { supportsTools: false }, channels: { default: { allowedTools: ['clock'] } } })
    h.chatbot.registerTool(defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: clock.handler }))
    const registry = vi.spyOn(h.chatbot, 'tools')
    h.provider.script({ text: 'No tools here.', toolCalls: [{ id: 'c1', name: 'clock', arguments: {} }] })
    const { stream } = await ask(h)
    expect(sent(h, 0)).not.toHaveProperty('tools')
    expect(registry).not.toHaveBeenCalled()
    expect(clock.calls).toEqual([])
    expect(ofType(stream, 'tool_started', 'tool_finished', 'tool_failed')).toEqual([])
    expect(stream.at(-1)!.type).toBe('done')
    expect(h.provider.requests).toHaveLength(1)
  })
})

describe('the tool loop', () => {
  it('runs parallel streamed calls, reports them, and sends each result back with its tool_call_id', async () => {
    const weather = recorder((args) => ({ city: args.city, sky: 'sunny' }))
    const clock = recorder(() => '12:00')
    const h = await start({ channels: { default: { allowedTools: ['weather', 'clock'] } } })
    h.chatbot.registerTool(defineTool({ name: 'weather', description: 'Weather', parameters: cityParameters, handler: weather.handler }))
    h.chatbot.registerTool(defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: clock.handler }))
    h.provider.script(
      { text: 'Let me check.', toolCalls: [{ id: 'call_w', name: 'weather', arguments: { city: 'Oslo' } }, { id: 'call_c', name: 'clock', arguments: {} }] },
      { text: 'Sunny in Oslo at noon.' },
    )
    const { stream } = await ask(h, 'weather and time?')

    expect(weather.calls.map((call) => [call.args, call.callId])).toEqual([[{ city: 'Oslo' }, 'call_w']])
    expect(clock.calls.map((call) => call.callId)).toEqual(['call_c'])
    expect(ofType(stream, 'tool_started')).toEqual([
      { type: 'tool_started', call_id: 'call_w', name: 'weather', arguments: { city: 'Oslo' } },
      { type: 'tool_started', call_id: 'call_c', name: 'clock', arguments: {} },
    ])
    // Parallel calls finish in any order; their results still go back in the model's order.
    const finished = ofType(stream, 'tool_finished').sort(byCallId)
    expect(finished.map((event) => [event.call_id, event.name, event.overran])).toEqual([
      ['call_c', 'clock', false],
      ['call_w', 'weather', false],
    ])
    for (const event of finished) expect(Object.keys(event).sort()).toEqual(['call_id', 'duration_ms', 'name', 'overran', 'type'])
    for (const event of finished) expect(event.duration_ms).toBeTypeOf('number')

    const second = sent(h, 1).messages
    expect(second.slice(-3)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_w', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
          { id: 'call_c', type: 'function', function: { name: 'clock', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_w', content: '{"city":"Oslo","sky":"sunny"}' },
      { role: 'tool', tool_call_id: 'call_c', content: '12:00' },
    ])
    expect(stream.map((event) => event.type)).toEqual([
      'context_summary', 'token', 'token', 'token', 'tool_started', 'tool_started', 'tool_finished', 'tool_finished',
      'token', 'token', 'token', 'token', 'token', 'done',
    ])
    expect(ofType(stream, 'token').map((event) => event.content).join('')).toBe('Let me check.Sunny in Oslo at noon.')
  })

  it('refuses unknown and disallowed tools, and tells the model so it can recover', async () => {
    const secret = recorder()
    const h = await start({ channels: { default: { allowedTools: ['clock'] } } })
    h.chatbot.registerTool(defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: () => '12:00' }))
    h.chatbot.registerTool(defineTool({ name: 'secret', description: 'Elsewhere only', parameters: {}, handler: secret.handler }))
    h.provider.script(
      { toolCalls: [{ id: 'c1', name: 'secret', arguments: {} }, { id: 'c2', name: 'nowhere', arguments: {} }] },
      { text: 'Sorry.' },
    )
    const { stream } = await ask(h)
    expect(secret.calls).toEqual([])
    expect(ofType(stream, 'tool_failed').sort(byCallId)).toEqual([
      { type: 'tool_failed', call_id: 'c1', name: 'secret', error: { code: 'tool_not_allowed', message: 'The tool "secret" is not available.' } },
      { type: 'tool_failed', call_id: 'c2', name: 'nowhere', error: { code: 'tool_not_allowed', message: 'The tool "nowhere" is not available.' } },
    ])
    const results = sent(h, 1).messages.filter((message) => message.role === 'tool')
    expect(results.map((message) => [message.tool_call_id, JSON.parse(message.content as string).error.code])).toEqual([
      ['c1', 'tool_not_allowed'],
      ['c2', 'tool_not_allowed'],
    ])
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
  })

  it('refuses invalid arguments before the handler runs', async () => {
    const weather = recorder()
    const h = await start({ channels: { default: { allowedTools: ['weather'] } } })
    h.chatbot.registerTool(defineTool({ name: 'weather', description: 'Weather', parameters: cityParameters, handler: weather.handler }))
    h.provider.script(
      { toolCalls: [{ id: 'c1', name: 'weather', arguments: { town: 'Oslo' } }, { id: 'c2', name: 'weather', arguments: '{"city": "Os' }] },
      { text: 'Hmm.' },
    )
    const { stream } = await ask(h)
    expect(weather.calls).toEqual([])
    const failed = ofType(stream, 'tool_failed').sort(byCallId)
    expect(failed.map((event) => [event.call_id, (event.error as { code: string }).code])).toEqual([
      ['c1', 'invalid_arguments'],
      ['c2', 'invalid_arguments'],
    ])
    expect((failed[0]!.error as { message: string }).message).toContain("must have required property 'city'")
    expect(ofType(stream, 'tool_started')[1]).toMatchObject({ call_id: 'c2', arguments: '{"city": "Os' })
    const results = sent(h, 1).messages.filter((message) => message.role === 'tool')
    expect(JSON.parse(results[0]!.content as string).error.message).toContain('city')
  })

  it('reports a throwing handler as tool_error; the model gets the reason, the browser does not', async () => {
    const h = await start({ channels: { default: { allowedTools: ['orders'] } } })
    h.chatbot.registerTool(
      defineTool({ name: 'orders', description: 'Orders', parameters: {}, handler: () => Promise.reject(new Error('order 7 not found')) }),
    )
    h.provider.script({ toolCalls: [{ id: 'c1', name: 'orders', arguments: {} }] }, { text: 'No such order.' })
    const { stream } = await ask(h)
    expect(ofType(stream, 'tool_failed')).toEqual([
      { type: 'tool_failed', call_id: 'c1', name: 'orders', error: { code: 'tool_error', message: 'The tool "orders" failed.' } },
    ])
    expect(sent(h, 1).messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'c1',
      content: JSON.stringify({ error: { code: 'tool_error', message: 'order 7 not found' } }),
    })
    expect(stream.at(-1)!.type).toBe('done')
  })

  it('does not count time inside tools toward streamDuration', async () => {
    const h = await start({ streamDuration: 1, channels: { default: { allowedTools: ['slow'] } } })
    h.chatbot.registerTool(defineTool({ name: 'slow', description: 'Slow', parameters: {}, timeout: 60, handler: () => wait(1500).then(() => 'done') }))
    h.provider.script({ toolCalls: [{ id: 'c1', name: 'slow', arguments: {} }] }, { text: 'Finished.' })
    const { stream } = await ask(h)
    expect(ofType(stream, 'tool_finished')[0]!.duration_ms).toBeGreaterThanOrEqual(1400)
    expect(stream.at(-1)).toMatchObject({ type: 'done' })
  })
})

describe('tools.maxCallsPerTurn', () => {
  it('ends with done when the model never stops asking for tools', async () => {
    const provider = await createDemoProvider({ responder: (request) => ({ toolCalls: [{ id: `call_${request.messages.length}`, name: 'clock', arguments: {} }] }) })
    const clock = recorder(() => '12:00')
    try {
      const h = await start({ tools: { maxCallsPerTurn: 3 }, channels: { default: { allowedTools: ['clock'] } } }, { provider })
      h.chatbot.registerTool(defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: clock.handler }))
      const { stream } = await ask(h)
      expect(clock.calls).toHaveLength(3)
      expect(ofType(stream, 'tool_finished')).toHaveLength(3)
      expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'tool_calls' })
      // Three rounds with tools, then one without: the model is told to answer with what it has.
      expect(provider.requests.map((request) => request.body.tools?.length ?? 0)).toEqual([1, 1, 1, 0])
      expect(provider.requests[3]!.body).not.toHaveProperty('tool_choice')
      expect(provider.requests[3]!.body.messages.at(-1)).toMatchObject({ role: 'system', content: expect.stringContaining('tool budget') })
    } finally {
      await provider.close()
    }
  })

  it('refuses the calls of a parallel batch beyond the budget', async () => {
    const clock = recorder(() => '12:00')
    const h = await start({ tools: { maxCallsPerTurn: 2 }, channels: { default: { allowedTools: ['clock'] } } })
    h.chatbot.registerTool(defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: clock.handler }))
    h.provider.script(
      { toolCalls: ['a', 'b', 'c'].map((id) => ({ id, name: 'clock', arguments: {} })) },
      { text: 'It is noon.' },
    )
    const { stream } = await ask(h)
    expect(clock.calls.map((call) => call.callId)).toEqual(['a', 'b'])
    expect(ofType(stream, 'tool_failed')).toEqual([
      { type: 'tool_failed', call_id: 'c', name: 'clock', error: { code: 'tool_budget_exhausted', message: 'This message may use at most 2 tool calls.' } },
    ])
    expect(sent(h, 1)).not.toHaveProperty('tools')
    expect(sent(h, 1).messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual(['a', 'b', 'c'])
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
  })

  it('counts per user message: the next message has a fresh budget', async () => {
    const clock = recorder(() => '12:00')
    const h = await start({ tools: { maxCallsPerTurn: 1 }, channels: { default: { allowedTools: ['clock'] } } })
    h.chatbot.registerTool(defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: clock.handler }))
    h.provider.script({ toolCalls: [{ id: 'a', name: 'clock', arguments: {} }] }, { text: 'Noon.' }, { toolCalls: [{ id: 'b', name: 'clock', arguments: {} }] }, { text: 'Still noon.' })
    await ask(h)
    const { stream } = await ask(h)
    expect(clock.calls.map((call) => call.callId)).toEqual(['a', 'b'])
    expect(sent(h, 2).tools).toHaveLength(1)
    expect(stream.at(-1)!.type).toBe('done')
  })
})
