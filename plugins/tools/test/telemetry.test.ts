import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { describe, expect, it } from 'vitest'
import type { ChatbotConfig } from '@chatbot-kit/kernel'
import { defineTool } from '../src/index.js'
import { recordSpans } from '../../../packages/kernel/test/telemetry-sdk.js'
import { ask, start } from './setup.js'

const { named } = recordSpans()
const cityParameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }

async function weatherTurn(config: ChatbotConfig = {}, handler: () => unknown = () => ({ sky: 'sunny' })) {
  const h = await start({ model: 'test-model', channels: { default: { allowedTools: ['weather'] } }, ...config })
  h.chatbot.registerTool(defineTool({ name: 'weather', description: 'Weather', parameters: cityParameters, handler }))
  h.provider.script({ toolCalls: [{ id: 'call_w', name: 'weather', arguments: { city: 'Oslo' } }] }, { text: 'Sunny in Oslo.' })
  const { stream } = await ask(h, 'weather in Oslo?')
  expect(stream.at(-1)).toMatchObject({ type: 'done' })
  const [chat] = named('chat test-model')
  const [tool, ...others] = named('execute_tool weather')
  expect(others).toEqual([])
  return { chat: chat!, tool: tool! }
}

describe('the execute_tool span of a tool call', () => {
  it('is an INTERNAL child of the turn’s chat span, with the tool’s name and call id', async () => {
    const { chat, tool } = await weatherTurn()
    expect(tool.kind).toBe(SpanKind.INTERNAL)
    expect(tool.parentSpanContext?.spanId).toBe(chat.spanContext().spanId)
    expect(tool.spanContext().traceId).toBe(chat.spanContext().traceId)
    expect(tool.attributes).toEqual({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'weather', 'gen_ai.tool.call.id': 'call_w' })
    expect(tool.status.code).toBe(SpanStatusCode.UNSET)
    // The tool ran inside the turn, which ended after it.
    expect(tool.endTime[0] * 1e9 + tool.endTime[1]).toBeLessThanOrEqual(chat.endTime[0] * 1e9 + chat.endTime[1])
  })

  it('a failing handler sets error.type to the failure code and the status to ERROR', async () => {
    const { tool } = await weatherTurn({}, () => {
      throw new Error('weather service down at db-7.internal')
    })
    expect(tool.attributes['error.type']).toBe('tool_error')
    expect(tool.status.code).toBe(SpanStatusCode.ERROR)
    expect(JSON.stringify([tool.attributes, tool.status, tool.events])).not.toContain('db-7.internal')
  })

  it('a refused call gets its span too, with the refusal as error.type', async () => {
    const h = await start({ model: 'test-model', channels: { default: { allowedTools: ['weather'] } } })
    h.chatbot.registerTool(defineTool({ name: 'weather', description: 'Weather', parameters: cityParameters, handler: () => 'sunny' }))
    h.provider.script({ toolCalls: [{ id: 'call_x', name: 'secret', arguments: {} }] }, { text: 'ok' })
    await ask(h)
    const [tool] = named('execute_tool secret')
    expect(tool!.attributes).toMatchObject({ 'gen_ai.tool.call.id': 'call_x', 'error.type': 'tool_not_allowed' })
    expect(tool!.status.code).toBe(SpanStatusCode.ERROR)
  })

  it('records no arguments or result by default', async () => {
    const { tool } = await weatherTurn()
    expect(tool.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
    expect(tool.attributes).not.toHaveProperty('gen_ai.tool.call.result')
  })

  it('with telemetry.captureContent records the arguments and the result', async () => {
    const { tool } = await weatherTurn({ telemetry: { captureContent: true } })
    expect(JSON.parse(tool.attributes['gen_ai.tool.call.arguments'] as string)).toEqual({ city: 'Oslo' })
    expect(JSON.parse(tool.attributes['gen_ai.tool.call.result'] as string)).toEqual({ sky: 'sunny' })
  })
})
