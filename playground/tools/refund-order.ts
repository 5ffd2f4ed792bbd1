import { defineTool } from 'chatbot-kit'
import { OrderQuery } from './order-status.js'

// What each demo order cost, and the card it was paid with.
const PAID: Record<string, { amount: string; card: string }> = {
  '1042': { amount: '840.00 €', card: 'Visa ending 4242' },
  '1057': { amount: '39.00 €', card: 'Mastercard ending 5100' },
}

/**
 * The playground's tool that needs approval: it moves money, so every call waits for the
 * visitor's Approve (`approval: 'required'`; docs/tools.md). Offered on `support` only.
 */
export const refundOrder = defineTool({
  name: 'refund_order',
  // No "order" or "status" here: "where is my order 1042?" must still pick order_status.
  description: 'Refunds one ACME Anvils purchase in full, by its number, to the card it was paid with.',
  parameters: OrderQuery,
  approval: 'required',
  timeout: 2,
  persist: true,
  // The AI SDK example shows each call's output (`tool_finished.result`); nothing here is secret.
  clientVisible: true,
  // A real shop calls its payment provider here, once, keyed by the order (an idempotency key).
  handler: ({ orderId }) => {
    const paid = PAID[orderId]
    if (!paid) return { order: orderId, status: 'not found', hint: 'The demo orders are 1042 and 1057.' }
    return { order: orderId, status: 'refunded', amount: paid.amount, to: paid.card, reference: `RF-${orderId}-01`, arrives: 'within 5 working days' }
  },
})
