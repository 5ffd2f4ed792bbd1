import { describe, expect, test } from 'vitest'
import { createDefaultResponder } from './responder.js'
import type { DemoMessage, DemoRequest, DemoTool } from './types.js'

// Requests shaped as the kernel sends them for the playground's two channels: base prompt,
// channel prompt, then context blocks, in one system message.
const block = (name: string, source: string, content: string) => `<context name="${name}" source="${source}">\n${content}\n</context>`
const system = (...parts: string[]): DemoMessage => ({ role: 'system', content: parts.join('\n\n') })
const BASE = 'You are the assistant of ACME Anvils, a small shop for anvils and hammers. Be brief.'
const SHOP = system(
  BASE,
  'You are Ada, the shop guide of ACME Anvils. Be cheerful, and help visitors with what is on the page.',
  block('page-snapshot', 'client', 'Your last order\nOrder #1042 · 2 × Heavy Anvil, 50 kg\nStatus: shipped on 20 November.'),
  block('cart', 'client', '1 × Forging Hammer, 2 kg · 39 €'),
)
const SUPPORT = system(
  BASE,
  'You are Max from ACME Anvils support. Answer formally, and look orders up with the order_status tool.',
  block('channel-summary', 'server', 'ACME Anvils ships within 3 working days, with ACME Freight.'),
)
// The playground's tool, as zod describes it to the provider.
const orderStatus: DemoTool = {
  type: 'function',
  function: {
    name: 'order_status',
    description: 'The shipping status of one ACME Anvils order, by its number.',
    parameters: { type: 'object', properties: { orderId: { type: 'string', pattern: '^\\d{4,6}$' } }, required: ['orderId'] },
  },
}
const ask = (channel: DemoMessage, content: string, tools: DemoTool[] = []): DemoRequest => ({ messages: [channel, { role: 'user', content }], tools })
const respond = createDefaultResponder()

describe('the default responder on two channels', () => {
  test('speaks as each channel prompt says: its "You are" sentence in the first person, its tone', () => {
    expect(respond(ask(SHOP, 'Hello!')).text).toMatch(/^Hi there! I'm Ada, the shop guide of ACME Anvils\. .*offline demo provider/)
    expect(respond(ask(SUPPORT, 'Hello!')).text).toMatch(/^Good day\. I'm Max from ACME Anvils support\. /)
  })

  test('"what can you do?" answers in Markdown: a list naming the channel\'s tools and context, links, a code block', () => {
    const shop = respond(ask(SHOP, 'What can you do?')).text!
    const support = respond(ask(SUPPORT, 'What can you do?', [orderStatus])).text!
    for (const text of [shop, support]) {
      expect(text).toContain('\n- **Streaming**: ')
      expect(text).toContain('[OpenAI](https://platform.openai.com/api-keys)')
      expect(text).toMatch(/\n```sh\nCHATBOT_API_KEY=.*\n```/)
    }
    expect(shop).toContain('- **Tools**: none are offered on this channel.')
    expect(shop).toContain('`page-snapshot`, `cart` from your browser')
    expect(shop.endsWith('Anything else? Just ask.')).toBe(true)
    expect(support).toContain('I may call `order_status`')
    expect(support).toContain('`channel-summary` from the server')
    expect(support.endsWith('Is there anything else I can help you with?')).toBe(true)
    expect(respond(ask(SUPPORT, 'help')).text).toContain('- **Tools**: ')
  })

  test('"show me Markdown" shows bold, a nested list, a link and a fenced code block', () => {
    const text = respond(ask(SHOP, 'Show me some Markdown')).text!
    expect(text).toContain('**Bold**, *italic*, `inline code`')
    expect(text).toContain('1. Numbered lists\n2. Bullet lists, nested:\n   - one level')
    expect(text).toContain('[links](https://commonmark.org)')
    expect(text).toMatch(/```html\n<chatbot-widget [^\n]+\n```$/)
  })

  test('calls the offered tool with the order number read from the message', () => {
    for (const question of ['Where is my order 1042?', 'hi, can you check order #1042 please', 'status of 1042']) {
      expect(respond(ask(SUPPORT, question, [orderStatus]))).toEqual({ toolCalls: [{ name: 'order_status', arguments: { orderId: '1042' } }] })
    }
  })

  test('summarises the tool result as a list, in the channel\'s voice', () => {
    const request = ask(SUPPORT, 'Where is my order 1042?', [orderStatus])
    request.messages.push(
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', function: { name: 'order_status', arguments: '{"orderId":"1042"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"order":"1042","status":"shipped","tracking":"https://acme-freight.example/track/AF1042"}' },
    )
    expect(respond(request).text).toBe(
      [
        'I looked up **1042** with `order_status`:',
        '',
        '- **Order:** 1042',
        '- **Status:** shipped',
        '- **Tracking:** [acme-freight.example/track/AF1042](https://acme-freight.example/track/AF1042)',
        '',
        'Is there anything else I can help you with?',
      ].join('\n'),
    )
  })

  test('quotes what the browser sent when asked about the page, only the cart when asked about the cart', () => {
    const page = respond(ask(SHOP, 'What is on this page?')).text!
    expect(page).toContain('**`page-snapshot`**, sent by your browser:\n\n- Your last order\n- Order #1042 · 2 × Heavy Anvil, 50 kg')
    expect(page).toContain('**`cart`**, sent by your browser:')
    const cart = respond(ask(SHOP, 'What is in my cart?')).text!
    expect(cart).toContain('**`cart`**, sent by your browser:\n\n- 1 × Forging Hammer, 2 kg · 39 €')
    expect(cart).not.toContain('page-snapshot')
    expect(respond(ask(SUPPORT, 'What is in my cart?')).text).toContain('allows no client extractor (`allowedExtractors`')
  })

  test('answers from a context section that mentions the question, when no tool is offered', () => {
    expect(respond(ask(SHOP, 'Has order 1042 shipped?')).text).toContain('**`page-snapshot`**, sent by your browser:')
    expect(respond(ask(SUPPORT, 'Which carrier is ACME Freight?')).text).toContain('**`channel-summary`**, added by the server:')
  })

  test('anything else: quotes the message, in the persona, and says how to reach a real model', () => {
    const text = respond(ask(SUPPORT, 'Tell me a joke')).text!
    expect(text).toMatch(/^You said "Tell me a joke"\. I'm Max from ACME Anvils support\. .*CHATBOT_API_KEY/)
  })
})
