import { describe, expect, test } from 'vitest'
import { createDefaultResponder } from './responder.js'
import type { DemoRequest, DemoTool } from './types.js'

// The playground's tools as the provider sees them: its own two on `support` (zod's JSON Schema),
// and its MCP server's two on `default` (named `<server>__<tool>`, the server's input schema).
const fn = (name: string, description: string, property: string, schema: Record<string, unknown>): DemoTool => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties: { [property]: schema }, required: [property] } },
})
const ORDER = { type: 'string', pattern: '^\\d{4,6}$' }
const WORDS = { type: 'string', minLength: 1, description: 'Words of a product name, or a SKU such as AN-50' }
const SUPPORT = [
  fn('order_status', 'The shipping status of one ACME Anvils order, by its number.', 'orderId', ORDER),
  fn('refund_order', 'Refunds one ACME Anvils purchase in full, by its number, to the card it was paid with.', 'orderId', ORDER),
]
const SHOP = [
  fn('shop__search_catalog', 'Searches what ACME Anvils sells (anvils, anvil stands, hammers and tongs) by words or SKU: each match with its SKU and price.', 'query', WORDS),
  fn('shop__check_stock', 'How many of a product the ACME Anvils warehouse has in stock, and when a sold-out one is back.', 'product', WORDS),
]
const respond = createDefaultResponder()
const ask = (content: string, tools: DemoTool[]): DemoRequest => ({ messages: [{ role: 'user', content }], tools })
const callOf = (content: string, tools: DemoTool[]) => respond(ask(content, tools)).toolCalls?.[0]

describe("the playground's tools, picked by the question", () => {
  test('a refund goes to refund_order, a question about an order still to order_status', () => {
    for (const question of ['Refund order 1042', 'Please refund my order #1042.', 'I want a refund for 1042']) {
      expect(callOf(question, SUPPORT)).toEqual({ name: 'refund_order', arguments: { orderId: '1042' } })
    }
    for (const question of ['Where is my order 1042?', 'What is the status of order 1042?']) {
      expect(callOf(question, SUPPORT)).toEqual({ name: 'order_status', arguments: { orderId: '1042' } })
    }
  })

  test('stock and catalog questions call the MCP tools with the words to look for, not the whole question', () => {
    expect(callOf('Do you have anvils in stock?', SHOP)).toEqual({ name: 'shop__check_stock', arguments: { product: 'anvils' } })
    expect(callOf('Is the Heavy Anvil available?', SHOP)).toEqual({ name: 'shop__check_stock', arguments: { product: 'Heavy Anvil' } })
    expect(callOf('Is AN-50 in stock?', SHOP)).toEqual({ name: 'shop__check_stock', arguments: { product: 'AN-50' } })
    expect(callOf('Is AN-8 available?', SHOP)).toEqual({ name: 'shop__check_stock', arguments: { product: 'AN-8' } })
    expect(callOf('What hammers do you sell?', SHOP)).toEqual({ name: 'shop__search_catalog', arguments: { query: 'hammers' } })
    expect(callOf('Search the catalog for tongs', SHOP)).toEqual({ name: 'shop__search_catalog', arguments: { query: 'tongs' } })
    expect(callOf('How much does the forging hammer cost?', SHOP)).toEqual({ name: 'shop__search_catalog', arguments: { query: 'forging hammer' } })
  })

  test('questions about the page, the cart or the demo itself call no tool', () => {
    for (const question of ['What is in my cart?', 'What is on this page?', 'What can you do?', 'Hello', 'Has order 1042 shipped?']) {
      expect(callOf(question, SHOP)).toBeUndefined()
    }
    expect(callOf('Tell me a joke', SUPPORT)).toBeUndefined()
  })

  test('a refund the visitor declined is said so, not read out as an error', () => {
    const request = ask('Refund order 1042', SUPPORT)
    request.messages.push(
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', function: { name: 'refund_order', arguments: '{"orderId":"1042"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"error":{"code":"tool_denied","message":"The user declined this tool call. Do not call it again unless they ask; answer without it."}}' },
    )
    expect(respond(request).text).toBe('You declined `refund_order` for **1042**, so I did not run it.')
  })
})
