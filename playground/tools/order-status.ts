import { z } from 'zod'
import { defineTool } from 'chatbot-kit'

/** The arguments, validated before the handler runs; zod describes them to the provider as JSON Schema. */
export const OrderQuery = z.object({
  orderId: z
    .string()
    .regex(/^\d{4,6}$/, 'an order number has 4 to 6 digits')
    .describe('The order number, e.g. 1042'),
})

// A real shop reads its database here, and checks that the order belongs to `context.turn.identity`.
const ORDERS: Record<string, Record<string, string>> = {
  '1042': {
    item: '2 × Heavy Anvil, 50 kg',
    status: 'shipped',
    shippedOn: '2026-11-20',
    carrier: 'ACME Freight',
    tracking: 'https://acme-freight.example/track/AF1042',
  },
  '1057': { item: '1 × Forging Hammer, 2 kg', status: 'waiting for stock', expected: '2026-12-04' },
}

/**
 * The playground's tool, offered on the `support` channel only (`allowedTools`). Persisted, so
 * each call shows up in the admin API's `conversations.get`.
 */
export const orderStatus = defineTool({
  name: 'order_status',
  description: 'The shipping status of one ACME Anvils order, by its number.',
  parameters: OrderQuery,
  timeout: 2,
  persist: true,
  // The AI SDK example shows each call's output (`tool_finished.result`); nothing here is secret.
  clientVisible: true,
  handler: ({ orderId }) => {
    const order = ORDERS[orderId]
    return order ? { order: orderId, ...order } : { order: orderId, status: 'not found', hint: 'The demo orders are 1042 and 1057.' }
  },
})
