import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { z } from 'zod'
import { generateAppKey, createChatbot } from '@chatbot-kit/kernel'
import { ask, ofType, recorder, sent, start } from './setup.js'
import { defineTool, toolsPlugin } from '../src/index.js'

describe('Standard Schema parameters', () => {
  it('validates with zod, sends zod’s JSON Schema to the provider, and hands the parsed value to the handler', async () => {
    const forecast = recorder((args) => `${String(args.city)} for ${String(args.days)} day(s)`)
    const h = await start({ channels: { default: { allowedTools: ['forecast'] } } })
    h.chatbot.registerTool(
      defineTool({
        name: 'forecast',
        description: 'Forecast',
        parameters: z.object({ city: z.string().min(2, 'city is too short'), days: z.number().int().default(1) }),
        handler: forecast.handler,
      }),
    )
    h.provider.script(
      { toolCalls: [{ id: 'ok', name: 'forecast', arguments: { city: 'Oslo' } }, { id: 'bad', name: 'forecast', arguments: { city: 'O' } }] },
      { text: 'Done.' },
    )
    const { stream } = await ask(h)
    expect(sent(h, 0).tools![0]!.function.parameters).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', minLength: 2 }, days: { type: 'integer' } },
      required: ['city'],
    })
    expect(sent(h, 0).tools![0]!.function.parameters).not.toHaveProperty('$schema')
    expect(forecast.calls.map((call) => call.args)).toEqual([{ city: 'Oslo', days: 1 }])
    expect(ofType(stream, 'tool_failed')).toEqual([
      { type: 'tool_failed', call_id: 'bad', name: 'forecast', error: { code: 'invalid_arguments', message: 'city is too short' } },
    ])
  })

  it('validates with valibot and sends the tool’s jsonSchema', async () => {
    const lookup = recorder()
    const jsonSchema = { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] }
    const h = await start({ channels: { default: { allowedTools: ['lookup'] } } })
    h.chatbot.registerTool(
      defineTool({ name: 'lookup', description: 'Lookup', parameters: v.object({ sku: v.pipe(v.string(), v.startsWith('SKU-', 'not a SKU')) }), jsonSchema, handler: lookup.handler }),
    )
    h.provider.script({ toolCalls: [{ id: 'ok', name: 'lookup', arguments: { sku: 'SKU-1' } }, { id: 'bad', name: 'lookup', arguments: { sku: '1' } }] }, { text: 'Done.' })
    const { stream } = await ask(h)
    expect(sent(h, 0).tools![0]!.function.parameters).toEqual(jsonSchema)
    expect(lookup.calls.map((call) => call.args)).toEqual([{ sku: 'SKU-1' }])
    expect(ofType(stream, 'tool_failed')[0]).toMatchObject({ call_id: 'bad', error: { code: 'invalid_arguments', message: 'not a SKU' } })
  })

  it('refuses to start with a config tool whose schema cannot describe itself', async () => {
    const tool = defineTool({ name: 'lookup', description: 'Lookup', parameters: v.object({ sku: v.string() }), handler: () => 'x' })
    await expect(
      createChatbot({ appKey: generateAppKey(), database: ':memory:', routeMiddleware: [], tools: { definitions: [tool] }, plugins: [toolsPlugin()] }, { env: {} }),
    ).rejects.toThrow('The tool "lookup" has a valibot schema that cannot describe itself as JSON Schema: give it a `jsonSchema`.')
  })
})
