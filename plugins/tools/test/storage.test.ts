import { afterEach, beforeEach, expect, it } from 'vitest'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import {
  countMessages,
  createConversation,
  deleteConversation,
  findConversationByPublicId,
  insertMessage,
  migrate,
  pruneConversations,
  type ChatbotDatabase,
  type Conversation,
  type NewMessage,
} from '../../../packages/kernel/src/storage/index.js'
import { insertToolInvocation, listToolInvocations, type ToolInvocationsTable } from '../src/index.js'
import { testMessage } from '../../../packages/kernel/test/databases.js'
import { MIGRATIONS, openDatabase } from './databases.js'

// The kernel's storage contract for this plugin's table (moved from the kernel's storage tests):
// each dialect, with 1.0's table names and with the other layouts. Deleting and pruning rely on
// the foreign key's cascade.

describeEachDatabase('tool invocations', { layouts: true, label: 'contract' }, (target) => {
  let created: CreatedDatabase
  let database: ChatbotDatabase
  const now = new Date('2026-11-22T05:13:00.000Z')
  let conversation: Conversation
  const message = (overrides: Partial<NewMessage> = {}) => testMessage(conversation, overrides)

  beforeEach(async () => {
    created = await target.create()
    database = await openDatabase(created)
    await migrate(database.db, MIGRATIONS)
    conversation = await createConversation(database.db, {
      channel: 'support',
      owner: { userId: 'user-1' },
      routeName: 'home',
      now,
    })
  })
  afterEach(async () => {
    await database.close()
    await created.drop()
  })

  it('records tool invocations with parsed arguments and a boolean overran', async () => {
    const reply = await insertMessage(database.db, message({ role: 'assistant' }))
    const first = await insertToolInvocation(database.db, {
      conversationId: conversation.id,
      messageId: reply.id,
      callId: 'call_1',
      toolName: 'lookup',
      arguments: { sku: 'A-1', qty: 2 },
      result: 'in stock',
      startedAt: now,
      finishedAt: new Date(now.getTime() + 1500),
      durationMs: 1500,
      overran: true,
    })
    const second = await insertToolInvocation(database.db, {
      conversationId: conversation.id,
      callId: 'call_2',
      toolName: 'lookup',
      arguments: {},
      error: 'timeout',
      startedAt: now,
    })
    expect(first).toMatchObject({ messageId: reply.id, overran: true, finishedAt: '2026-11-22T05:13:01.500+00:00' })
    expect(second).toMatchObject({ messageId: null, overran: false, finishedAt: null, durationMs: null, result: null })
    expect(await listToolInvocations(database.db, conversation.id)).toEqual([first, second])
  })

  it('deletes a conversation with its messages and tool invocations', async () => {
    const other = await createConversation(database.db, { channel: 'support', owner: { guestId: 'g' }, routeName: 'r' })
    await insertMessage(database.db, message())
    await insertMessage(database.db, message({ conversationId: other.id }))
    const base = { callId: 'c', toolName: 't', arguments: null, startedAt: now }
    await insertToolInvocation(database.db, { ...base, conversationId: conversation.id })

    expect(await deleteConversation(database.db, conversation.publicId)).toBe(true)
    expect(await findConversationByPublicId(database.db, conversation.publicId)).toBeUndefined()
    const remaining = await database.db.selectFrom('messages').select('conversation_id').execute()
    expect(remaining).toEqual([{ conversation_id: other.id }])
    expect(await database.db.withTables<{ tool_invocations: ToolInvocationsTable }>().selectFrom('tool_invocations').selectAll().execute()).toEqual([])
    expect(await deleteConversation(database.db, conversation.publicId)).toBe(false)
  })

  it('prunes inactive conversations by channel; a dry run only counts', async () => {
    const at = (iso: string) => new Date(iso)
    const open = (channel: string, when: string) =>
      createConversation(database.db, { channel, owner: { guestId: 'g' }, routeName: 'r', now: at(when) })
    const oldSales = await open('sales', '2026-01-01T00:00:00.000Z')
    await insertMessage(database.db, message({ conversationId: oldSales.id }))
    await insertMessage(database.db, message({ conversationId: oldSales.id, role: 'assistant' }))
    await insertToolInvocation(database.db, { conversationId: oldSales.id, callId: 'c1', toolName: 't', arguments: {}, startedAt: at('2026-01-01T00:00:00.000Z') })
    const newSales = await open('sales', '2026-12-01T00:00:00.000Z')
    await insertMessage(database.db, message({ conversationId: newSales.id }))
    const cutoff = { inactiveBefore: at('2026-06-01T00:00:00.000Z') }

    // `conversation` (support, 2026-11-22) is recent: only the two old ones qualify.
    await open('support', '2026-02-01T00:00:00.000Z')
    expect(await pruneConversations(database.db, { ...cutoff, dryRun: true })).toEqual({ conversations: 2, messages: 2 })
    expect(await pruneConversations(database.db, { ...cutoff, channel: 'sales', dryRun: true })).toEqual({ conversations: 1, messages: 2 })
    expect(await findConversationByPublicId(database.db, oldSales.publicId)).toBeDefined()

    expect(await pruneConversations(database.db, { ...cutoff, channel: 'sales' })).toEqual({ conversations: 1, messages: 2 })
    expect(await findConversationByPublicId(database.db, oldSales.publicId)).toBeUndefined()
    expect(await findConversationByPublicId(database.db, newSales.publicId)).toBeDefined()
    expect(await countMessages(database.db, oldSales.id)).toBe(0)
    expect(await listToolInvocations(database.db, oldSales.id)).toEqual([])
    expect(await countMessages(database.db, newSales.id)).toBe(1)
    expect(await pruneConversations(database.db, cutoff)).toEqual({ conversations: 1, messages: 0 })
    expect(await pruneConversations(database.db, cutoff)).toEqual({ conversations: 0, messages: 0 })
    expect(await findConversationByPublicId(database.db, conversation.publicId)).toBeDefined()
  })
})
