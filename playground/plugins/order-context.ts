import { ChatbotException, definePlugin, type Turn } from 'chatbot-kit'

/** One order as the host app knows it. */
export interface Order {
  id: string
  item: string
  status: string
}

export interface OrderContextOptions {
  /** A message containing this word (any case, whole word) is refused with 422 `message_refused`. */
  bannedWord: string
  /** Orders by host user id. A real app would query its own database in `turn:context` instead. */
  orders?: Record<string, Order[]>
}

const DEMO_ORDERS: Record<string, Order[]> = {
  'user-42': [
    { id: '1042', item: '2 × anvil, 50 kg', status: 'shipped on 2026-11-20' },
    { id: '1057', item: '1 × hammer', status: 'waiting for stock' },
  ],
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A host plugin (docs/plugins.md walks through it):
 * - `turn:start` refuses a message containing the banned word, before any message is stored;
 * - `turn:context` adds an `orders` section for a signed-in user who has orders;
 * - `turn:end` counts completed replies, readable at `GET {base}/order-context/stats`;
 * - `admin` adds `orders.byUser` to the admin API (order-context-admin.ts, loaded on first use).
 */
export function orderContextPlugin(options: OrderContextOptions) {
  const orders = new Map(Object.entries(options.orders ?? DEMO_ORDERS))
  const banned = new RegExp(`\\b${escapeRegExp(options.bannedWord)}\\b`, 'i')
  let replies = 0

  return definePlugin({
    name: 'order-context',
    admin: () => import('./order-context-admin.js').then((module) => module.orderContextAdmin(orders)),
    hooks: {
      'turn:start': (turn: Turn) => {
        if (banned.test(turn.message)) {
          throw new ChatbotException('This assistant cannot take that request here.', {
            code: 'message_refused',
            status: 422,
            fields: { message: 'contains a word this assistant does not accept' },
          })
        }
      },
      'turn:context': (turn: Turn) => {
        const userId = turn.identity.userId
        const mine = userId === undefined ? undefined : orders.get(userId)
        if (!mine || mine.length === 0) return
        const content = mine.map((order) => `Order ${order.id}: ${order.item}, ${order.status}.`).join('\n')
        turn.sections.push({ name: 'orders', content, source: 'server' })
      },
      'turn:end': () => {
        replies += 1
      },
    },
    setup(chatbot) {
      chatbot.route({
        name: 'order-context.stats',
        method: 'GET',
        path: '/order-context/stats',
        stateful: false,
        handler: () => ({ replies }),
      })
      chatbot.logger.info(`order-context: ${orders.size} customer(s) with orders; refusing messages with "${options.bannedWord}".`)
    },
  })
}
