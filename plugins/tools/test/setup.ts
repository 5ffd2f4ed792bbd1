import { afterEach, expect } from 'vitest'
import type { ChatbotConfig, CreateChatbotOptions, Turn } from '@chatbot-kit/kernel'
import type { DemoProvider } from '@chatbot-kit/demo-provider'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { defineTool, toolsPlugin } from '../src/index.js'

// Every test talks to the chatbot over a real socket, and the chatbot to the demo provider over loopback.

let current: Harness | undefined
afterEach(async () => {
  await current?.close()
  current = undefined
})

export async function start(config: ChatbotConfig = {}, options: CreateChatbotOptions & { provider?: DemoProvider } = {}): Promise<Harness> {
  current = await createHarness('socket', { ...config, plugins: [toolsPlugin(), ...(config.plugins ?? [])] }, options)
  return current
}

export type StreamEvent = { type: string } & Record<string, unknown>

export async function ask(h: Harness, message = 'hi', channel = 'default') {
  const response = await h.post({ signed_context: h.envelope({ channel }), message })
  expect(response.status).toBe(200)
  const stream = await events(response)
  return { stream, conversationId: response.headers.get('x-chatbot-conversation-id')! }
}

export const ofType = (stream: StreamEvent[], ...types: string[]) => stream.filter((event) => types.includes(event.type))

/** The messages of the provider request number `index` (0-based). */
export const sent = (h: Harness, index: number) => h.provider.requests[index]!.body

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A handler that records what it was called with. */
export function recorder(result: (args: Record<string, unknown>) => unknown = (args) => ({ ok: true, args })) {
  const calls: { args: Record<string, unknown>; turn: Turn; callId: string }[] = []
  return {
    calls,
    handler: (args: Record<string, unknown>, context: { turn: Turn; callId: string }) => {
      calls.push({ args, turn: context.turn, callId: context.callId })
      return result(args)
    },
  }
}

const orderParameters = { type: 'object', properties: { order: { type: 'string' } }, required: ['order'], additionalProperties: false }

/** A chatbot with `refund` (needs approval unless told otherwise) and `lookup` (runs at once), both allowed. */
export async function startWithRefund(config: ChatbotConfig = {}, approval: Parameters<typeof defineTool>[0]['approval'] = 'required') {
  const refund = recorder(() => ({ refunded: true }))
  const lookup = recorder(() => ({ status: 'shipped' }))
  const h = await start({ channels: { default: { allowedTools: ['refund', 'lookup'] } }, ...config })
  h.chatbot.registerTool(defineTool({ name: 'refund', description: 'Refund an order', parameters: orderParameters, approval, handler: refund.handler }))
  h.chatbot.registerTool(defineTool({ name: 'lookup', description: 'Order status', parameters: orderParameters, handler: lookup.handler }))
  return { h, refund, lookup }
}
