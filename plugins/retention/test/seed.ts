import { insertToolInvocation, type ToolInvocationsTable } from '@chatbot-kit/plugin-tools'
import type { Kysely } from 'kysely'
import { createConversation, insertMessage, touchConversation, type Conversation, type Schema } from '../../../packages/kernel/src/storage/index.js'

export const HOUR = 3_600_000
export const DAY = 24 * HOUR

export interface ConversationSeed {
  channel: string
  /** How long ago it started, in ms. */
  startedAgo: number
  /** How long ago its last activity was, in ms (default: when it started). */
  activeAgo?: number
  messages?: number
  toolInvocations?: number
}

/** A conversation in the past, written through the kernel's storage functions as a turn would. */
export async function seedConversation(db: Kysely<Schema>, seed: ConversationSeed): Promise<Conversation> {
  const started = new Date(Date.now() - seed.startedAgo)
  const conversation = await createConversation(db, { channel: seed.channel, owner: { guestId: 'guest-1' }, routeName: 'home', now: started })
  for (let index = 0; index < (seed.messages ?? 0); index += 1) {
    const role = index % 2 === 0 ? 'user' : 'assistant'
    await insertMessage(db, { conversationId: conversation.id, role, content: `message ${index}`, routeName: 'home', contextHash: null, tokenCount: 2, now: started })
  }
  for (let index = 0; index < (seed.toolInvocations ?? 0); index += 1) {
    await insertToolInvocation(db, { conversationId: conversation.id, callId: `call_${index}`, toolName: 'lookup', arguments: {}, startedAt: started })
  }
  if (seed.activeAgo !== undefined) await touchConversation(db, conversation.id, new Date(Date.now() - seed.activeAgo))
  return conversation
}

/** How many rows each table holds. */
export async function countRows(db: Kysely<Schema>): Promise<{ conversations: number; messages: number; toolInvocations: number }> {
  // `tool_invocations` is the tools plugin's table, outside the kernel's `Schema`.
  const tables = db.withTables<{ tool_invocations: ToolInvocationsTable }>()
  const count = async (table: 'conversations' | 'messages' | 'tool_invocations') =>
    Number((await tables.selectFrom(table).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count)
  return { conversations: await count('conversations'), messages: await count('messages'), toolInvocations: await count('tool_invocations') }
}
