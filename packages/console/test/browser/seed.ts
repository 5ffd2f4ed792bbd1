import { createConversation, insertMessage, type Chatbot } from '@chatbot-kit/kernel'
import type { DemoProvider } from '@chatbot-kit/demo-provider'
import { readSse } from '@chatbot-kit/test-utils'

// What the console's browser suite finds on the server: conversations stored on earlier days
// (straight through the kernel's storage, so the charts have history), and today's made by real
// turns over HTTP: a tool call, an approval, ratings, refused requests.

const DAY_MS = 86_400_000
export const today = () => new Date().toISOString().slice(0, 10)
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10)

/** Conversations per channel `n` days ago; each has a question and a reply. */
export const HISTORY: { daysAgo: number; channel: string; count: number }[] = [
  { daysAgo: 2, channel: 'default', count: 2 },
  { daysAgo: 3, channel: 'support', count: 1 },
  { daysAgo: 5, channel: 'default', count: 3 },
  { daysAgo: 5, channel: 'support', count: 1 },
  { daysAgo: 9, channel: 'default', count: 1 },
  { daysAgo: 12, channel: 'support', count: 2 },
  { daysAgo: 20, channel: 'default', count: 1 },
  // Enough for a second page of the conversation list (25 a page).
  { daysAgo: 15, channel: 'default', count: 12 },
]
/** Provider usage of each stored reply. */
export const HISTORY_USAGE = { inputTokens: 120, outputTokens: 30 }

export interface Seeded {
  /** ada's conversation: an `order_status` call, its reply rated down with a comment. */
  rated: { id: string; question: string; reply: string; comment: string }
  /** A guest's conversation, its question carrying a text file, its reply rated up. */
  liked: { id: string; question: string; attachment: string }
  /** grace's refund, approved. */
  approved: { id: string }
  /** Requests refused for a bad envelope. */
  refusals: number
  /** Questions nothing in the knowledge answers, asked through real turns: the conversations of each, by its lower-case text without a question mark. */
  gaps: Record<string, string[]>
}

/** Asked by two users on `default` and one guest on `support`: gaps, grouped by their normalized text. */
export const GAP_QUESTIONS = [
  { question: 'Do you sell electric bicycles?', channel: 'default', owner: { userId: 'lin' } },
  { question: 'do you sell Electric Bicycles', channel: 'default', owner: { userId: 'mo' } },
  { question: 'Can I pay with bitcoin?', channel: 'support', owner: { guestId: 'guest-9' } },
]

/** The conversations of `HISTORY`, stored straight through the kernel's storage. */
export async function storeHistory(chatbot: Chatbot): Promise<void> {
  for (const { daysAgo: ago, channel, count } of HISTORY) {
    for (let i = 0; i < count; i++) {
      const now = new Date(Date.now() - ago * DAY_MS - i * 60_000)
      const conversation = await createConversation(chatbot.db, { channel, owner: { userId: `history-${ago}-${i}` }, routeName: 'shop.page', now })
      const common = { conversationId: conversation.id, routeName: 'shop.page', contextHash: null, now }
      await insertMessage(chatbot.db, { ...common, role: 'user', content: `Question ${i + 1} from ${ago} days ago`, tokenCount: 6 })
      await insertMessage(chatbot.db, { ...common, role: 'assistant', content: `Answer ${i + 1}`, tokenCount: 2, ...HISTORY_USAGE })
    }
  }
}

/** Sends a message as `envelope`; the conversation's id and the stream's events. */
async function ask(origin: string, envelope: string, message: string, extra: Record<string, unknown> = {}) {
  const response = await fetch(`${origin}/chatbot/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ signed_context: envelope, message, ...extra }),
  })
  if (response.status !== 200) throw new Error(`POST /chatbot/messages answered ${response.status}: ${await response.text()}`)
  const events = await readSse<{ type: string } & Record<string, unknown>>(response)
  return { id: response.headers.get('x-chatbot-conversation-id')!, events }
}

async function post(origin: string, path: string, body: unknown, expected: number): Promise<Response> {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (response.status !== expected) throw new Error(`POST ${path} answered ${response.status}, not ${expected}: ${await response.text()}`)
  return response
}

export async function seed(chatbot: Chatbot, provider: DemoProvider, origin: string): Promise<Seeded> {
  await storeHistory(chatbot)
  await chatbot.syncKnowledge()
  const mint = (owner: { userId: string } | { guestId: string }, channel = 'default') => chatbot.mintEnvelope({ route: 'shop.page', channel, ...owner })

  const ada = mint({ userId: 'ada' })
  const rated = { question: 'Where is my order A1?', reply: 'Order A1 left the warehouse yesterday.', comment: 'Wrong order, I meant B2.' }
  provider.script({ toolCalls: [{ id: 'call_1', name: 'order_status', arguments: { order: 'A1' } }] }, { text: rated.reply, usage: { prompt_tokens: 310, completion_tokens: 9 } })
  const first = await ask(origin, ada, rated.question)
  const ratedReply = first.events.find((event) => event.type === 'done')!.message_id as string
  await post(origin, `/chatbot/messages/${ratedReply}/feedback`, { signed_context: ada, rating: 'down', comment: rated.comment }, 204)

  const guest = mint({ guestId: 'guest-7' }, 'support')
  const liked = { question: 'Do you ship to Norway?', attachment: 'address.txt' }
  const form = new FormData()
  form.append('signed_context', guest)
  form.append('file', new Blob(['Storgata 1, 0155 Oslo'], { type: 'text/plain' }), liked.attachment)
  const uploaded = await fetch(`${origin}/chatbot/attachments`, { method: 'POST', body: form })
  if (uploaded.status !== 201) throw new Error(`POST /chatbot/attachments answered ${uploaded.status}: ${await uploaded.text()}`)
  provider.script({ text: 'Yes, in 3 to 5 days.', usage: { prompt_tokens: 80, completion_tokens: 8 } })
  const second = await ask(origin, guest, liked.question, { attachments: [((await uploaded.json()) as { id: string }).id] })
  await post(origin, `/chatbot/messages/${second.events.find((event) => event.type === 'done')!.message_id as string}/feedback`, { signed_context: guest, rating: 'up' }, 204)

  const grace = mint({ userId: 'grace' })
  provider.script({ toolCalls: [{ id: 'call_r', name: 'refund', arguments: { order: 'C3' } }] }, { text: 'Refund of C3 is on its way.' })
  const third = await ask(origin, grace, 'Please refund C3')
  const approvalId = third.events.find((event) => event.type === 'tool_approval_required')!.approval_id as string
  const decided = await post(origin, `/chatbot/conversations/${third.id}/approvals/${approvalId}`, { signed_context: grace, decision: 'approve', comment: 'Yes please.' }, 200)
  await decided.text()

  // Refused before any work: an envelope that does not verify.
  const refusals = 3
  for (let i = 0; i < refusals; i++) await post(origin, '/chatbot/messages', { signed_context: 'not-an-envelope', message: 'hi' }, 403)

  const gaps: Record<string, string[]> = {}
  for (const { question, channel, owner } of GAP_QUESTIONS) {
    provider.script({ text: 'The help pages do not say; let me find someone who knows.' })
    const asked = await ask(origin, mint(owner, channel), question)
    if (asked.events.some((event) => event.type === 'sources')) throw new Error(`"${question}" was answered from the knowledge: not a gap`)
    ;(gaps[question.toLowerCase().replace(/\?$/, '')] ??= []).push(asked.id)
  }

  return { rated: { id: first.id, ...rated }, liked: { id: second.id, ...liked }, approved: { id: third.id }, refusals, gaps }
}
