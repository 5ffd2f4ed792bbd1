import { describe, expect, it } from 'vitest'
import { defineTool } from '../src/index.js'
import { ask, ofType, recorder, sent, start, wait } from './setup.js'

const textParameters = { type: 'object', properties: { text: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } }

describe('argument length', () => {
  it('refuses a string argument over tools.defaultMaxArgLength bytes, at any depth, counting UTF-8 bytes', async () => {
    const echo = recorder()
    const h = await start({ tools: { defaultMaxArgLength: 10 }, channels: { default: { allowedTools: ['echo'] } } })
    h.chatbot.registerTool(defineTool({ name: 'echo', description: 'Echo', parameters: textParameters, handler: echo.handler }))
    h.provider.script(
      {
        toolCalls: [
          { id: 'ok', name: 'echo', arguments: { text: 'x'.repeat(10) } },
          { id: 'long', name: 'echo', arguments: { text: 'x'.repeat(11) } },
          { id: 'bytes', name: 'echo', arguments: { text: 'é'.repeat(6) } },
          { id: 'deep', name: 'echo', arguments: { tags: ['fine', 'y'.repeat(11)] } },
        ],
      },
      { text: 'Done.' },
    )
    const { stream } = await ask(h)
    expect(echo.calls.map((call) => call.callId)).toEqual(['ok'])
    const failed = Object.fromEntries(ofType(stream, 'tool_failed').map((event) => [event.call_id, event.error]))
    expect(failed).toEqual({
      long: { code: 'argument_too_long', message: 'arguments.text is 11 bytes, over the limit of 10.' },
      bytes: { code: 'argument_too_long', message: 'arguments.text is 12 bytes, over the limit of 10.' },
      deep: { code: 'argument_too_long', message: 'arguments.tags[1] is 11 bytes, over the limit of 10.' },
    })
  })

  it('uses the tool’s own maxArgLength over the default', async () => {
    const echo = recorder()
    const h = await start({ tools: { defaultMaxArgLength: 10 }, channels: { default: { allowedTools: ['echo'] } } })
    h.chatbot.registerTool(defineTool({ name: 'echo', description: 'Echo', parameters: textParameters, maxArgLength: 20, handler: echo.handler }))
    h.provider.script(
      { toolCalls: [{ id: 'a', name: 'echo', arguments: { text: 'x'.repeat(20) } }, { id: 'b', name: 'echo', arguments: { text: 'x'.repeat(21) } }] },
      { text: 'Done.' },
    )
    const { stream } = await ask(h)
    expect(echo.calls.map((call) => call.callId)).toEqual(['a'])
    expect(ofType(stream, 'tool_failed').map((event) => event.call_id)).toEqual(['b'])
  })
})

describe('advisory timeout', () => {
  it('flags overran past the tool’s timeout and still uses the result', async () => {
    const h = await start({ channels: { default: { allowedTools: ['slow', 'quick'] } } })
    h.chatbot.registerTool(defineTool({ name: 'slow', description: 'Slow', parameters: {}, timeout: 0.05, handler: () => wait(150).then(() => 'late but fine') }))
    h.chatbot.registerTool(defineTool({ name: 'quick', description: 'Quick', parameters: {}, handler: () => wait(150).then(() => 'in time') }))
    h.provider.script({ toolCalls: [{ id: 's', name: 'slow', arguments: {} }, { id: 'q', name: 'quick', arguments: {} }] }, { text: 'Done.' })
    const { stream } = await ask(h)
    const finished = Object.fromEntries(ofType(stream, 'tool_finished').map((event) => [event.call_id, event]))
    expect(finished.s).toMatchObject({ overran: true })
    expect(finished.s!.duration_ms).toBeGreaterThanOrEqual(140)
    expect(finished.q).toMatchObject({ overran: false })
    const results = sent(h, 1).messages.filter((message) => message.role === 'tool')
    expect(results.map((message) => message.content)).toEqual(['late but fine', 'in time'])
  })

  it('falls back to tools.defaultTimeout', async () => {
    const h = await start({ tools: { defaultTimeout: 0 }, channels: { default: { allowedTools: ['slow'] } } })
    h.chatbot.registerTool(defineTool({ name: 'slow', description: 'Slow', parameters: {}, handler: () => wait(20).then(() => 'ok') }))
    h.provider.script({ toolCalls: [{ id: 's', name: 'slow', arguments: {} }] }, { text: 'Done.' })
    const { stream } = await ask(h)
    expect(ofType(stream, 'tool_finished')[0]).toMatchObject({ overran: true })
  })
})

describe('tools.resultSizeCap', () => {
  it('cuts a long result on a UTF-8 boundary, the [truncated] marker counting toward the cap', async () => {
    const h = await start({ tools: { resultSizeCap: 16 }, channels: { default: { allowedTools: ['big', 'small'] } } })
    h.chatbot.registerTool(defineTool({ name: 'big', description: 'Big', parameters: {}, handler: () => 'ü'.repeat(20) }))
    h.chatbot.registerTool(defineTool({ name: 'small', description: 'Small', parameters: {}, handler: () => ({ n: 1 }) }))
    h.provider.script({ toolCalls: [{ id: 'b', name: 'big', arguments: {} }, { id: 's', name: 'small', arguments: {} }] }, { text: 'Done.' })
    await ask(h)
    const results = sent(h, 1).messages.filter((message) => message.role === 'tool')
    // 16 − 11 marker bytes leaves 5; two 2-byte characters fit, the third would split.
    expect(results.map((message) => message.content)).toEqual(['üü[truncated]', '{"n":1}'])
  })
})
