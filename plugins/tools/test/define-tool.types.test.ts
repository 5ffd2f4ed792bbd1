import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineChatbotConfig } from '@chatbot-kit/kernel'
import { defineTool, type ChatbotTool } from '../src/index.js'

// Type tests: `npm test` type-checks this file (tsc), so a wrong inference fails the run; the
// `@ts-expect-error` lines fail it when the types become too loose.
describe('defineTool types', () => {
  it('infers the handler arguments from a zod schema', () => {
    const tool = defineTool({
      name: 'order_status',
      description: 'Status of an order',
      parameters: z.object({ orderId: z.string(), verbose: z.boolean().optional() }),
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ orderId: string; verbose?: boolean | undefined }>()
        return args.orderId
      },
    })
    expectTypeOf(tool).toMatchTypeOf<ChatbotTool>()
  })

  it('infers them from a valibot schema', () => {
    defineTool({
      name: 'lookup',
      description: 'Find a product',
      parameters: v.object({ sku: v.string(), quantity: v.number() }),
      jsonSchema: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'number' } } },
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ sku: string; quantity: number }>()
      },
    })
  })

  it('infers them from a JSON Schema written as const, or inline', () => {
    const parameters = {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' }, unit: { enum: ['c', 'f'] } },
      required: ['city'],
      additionalProperties: false,
    } as const
    defineTool({
      name: 'forecast',
      description: 'Weather',
      parameters,
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ city: string; days?: number; unit?: 'c' | 'f' }>()
      },
    })
    defineTool({
      name: 'inline',
      description: 'Inline schema',
      parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ q: string }>()
      },
    })
  })

  it('falls back to a plain object for a schema typed as a record', () => {
    const loose: Record<string, unknown> = { type: 'object' }
    defineTool({ name: 'loose', description: 'd', parameters: loose, handler: (args) => expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>() })
  })

  it('accepts every documented field, persist included, and the result goes in the config', () => {
    const tool = defineTool({ name: 'refund', description: 'd', parameters: z.object({ id: z.string() }), timeout: 5, maxArgLength: 512, persist: true, handler: () => 'ok' })
    defineChatbotConfig({ tools: { definitions: [tool] } })
  })

  it('rejects what is not a field, and a handler that misreads its arguments', () => {
    // @ts-expect-error -- `persits` is not a field
    defineTool({ name: 'x', description: 'd', parameters: {}, persits: true, handler: () => 'ok' })
    defineTool({
      name: 'y',
      description: 'd',
      parameters: z.object({ orderId: z.string() }),
      // @ts-expect-error -- orderId is a string
      handler: (args) => args.orderId.toFixed(),
    })
  })
})
