import { describe, expect, test } from 'vitest'
import { summarizeToolResults } from './tool-summary.js'
import type { DemoMessage } from './types.js'

const call = (id: string, name: string, args: unknown): DemoMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, function: { name, arguments: JSON.stringify(args) } }],
})
const result = (id: string, content: string): DemoMessage => ({ role: 'tool', tool_call_id: id, content })
const summarize = (...messages: DemoMessage[]) => summarizeToolResults(messages.filter((message) => message.role === 'tool'), messages)

describe('tool results, summarised', () => {
  test('an object becomes a list of labelled fields, links as links, after what was asked', () => {
    const text = summarize(
      call('c1', 'order_status', { orderId: '1042' }),
      result('c1', JSON.stringify({ shippedOn: '2026-11-20', carrier_name: 'ACME Freight', tags: ['heavy', 'fragile'], box: { kg: 50 }, tracking: 'https://acme-freight.example/t/1' })),
    )
    expect(text).toBe(
      [
        'I looked up **1042** with `order_status`:',
        '',
        '- **Shipped on:** 2026-11-20',
        '- **Carrier name:** ACME Freight',
        '- **Tags:** heavy, fragile',
        '- **Box:** `{"kg":50}`',
        '- **Tracking:** [acme-freight.example/t/1](https://acme-freight.example/t/1)',
      ].join('\n'),
    )
  })

  test('an error result says the tool could not be used, with its message', () => {
    const text = summarize(call('c1', 'order_status', { orderId: 'x' }), result('c1', '{"error":{"code":"invalid_arguments","message":"an order number has 4 to 6 digits"}}'))
    expect(text).toBe('I could not use `order_status`: an order number has 4 to 6 digits')
  })

  test('plain text is quoted; a call without arguments or an unknown call id still reads', () => {
    expect(summarize(call('c1', 'clock', {}), result('c1', '{"time":"12:00"}'), result('zz', 'Sunny'))).toBe(
      'Here is what `clock` returned:\n\n- **Time:** 12:00\n\n`tool` says: Sunny',
    )
  })
})
