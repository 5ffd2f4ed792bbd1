import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { databaseTargets, type CreatedDatabase } from '@chatbot-kit/test-utils'
import {
  countMessages,
  createConversation,
  createDatabase,
  deleteConversation,
  findConversationByPublicId,
  insertMessage,
  insertToolInvocation,
  listMessages,
  listToolInvocations,
  migrate,
  pendingMigrations,
  pruneConversations,
  touchConversation,
  type ChatbotDatabase,
  type Conversation,
  type NewMessage,
} from './index.js'

// The storage contract: every behaviour below runs on each dialect, with 1.0's table names and
// with the other table layouts (a prefix; on Postgres a prefix in a schema of our own).
const TARGETS = databaseTargets({ layouts: true })

describe.each(TARGETS.map((target) => [target.layout ? `${target.name}, ${target.layout}` : target.name, target] as const))('storage on %s', (_name, target) => {
  describe.skipIf(target.skip)(target.skip || 'contract', () => {
    let created: CreatedDatabase
    let database: ChatbotDatabase
    beforeEach(async () => {
      created = await target.create()
      database = await createDatabase(created.database)
    })
    afterEach(async () => {
      await database.close()
      await created.drop()
    })

    describe('migrations', () => {
      it('lists every migration as pending on an empty database, without throwing', async () => {
        const pending = await pendingMigrations(database.db)
        expect(pending).toContain('2026-11-22-01-create-chat-tables')
        expect(pending).toEqual([...pending].sort())
      })

      it('applies all pending migrations once, then none', async () => {
        const pending = await pendingMigrations(database.db)
        expect(await migrate(database.db)).toEqual(pending)
        expect(await pendingMigrations(database.db)).toEqual([])
        expect(await migrate(database.db)).toEqual([])
      })

      it('creates 1.0’s tables, indexes and constraints, each name under the layout’s prefix and in its schema', async () => {
        await migrate(database.db)
        const prefix = created.database.tablePrefix ?? ''
        expect(await namesCreated(database, created.database.schema)).toEqual(V1_NAMES[target.name].map((name) => prefix + name).sort())
        // With a schema of our own, nothing lands in the connection's current schema.
        if (created.database.schema) expect(await namesCreated(database, undefined)).toEqual([])
      })

      it.runIf(target.name === 'postgres')('keeps to its schema when another has a migration table', async () => {
        const neighbour = sql.id(`${randomUUID().replaceAll('-', '')}_neighbour`)
        await sql`create schema ${neighbour}`.execute(database.db)
        try {
          await sql`create table ${neighbour}.kysely_migration (name varchar(255) primary key, timestamp varchar(255))`.execute(database.db)
          expect(await migrate(database.db)).toContain('2026-11-22-01-create-chat-tables')
          expect(await pendingMigrations(database.db)).toEqual([])
        } finally {
          await sql`drop schema ${neighbour} cascade`.execute(database.db)
        }
      })
    })

    describe('with the schema', () => {
      const now = new Date('2026-11-22T05:13:00.000Z')
      let conversation: Conversation
      const message = (overrides: Partial<NewMessage> = {}): NewMessage => ({
        conversationId: conversation.id,
        role: 'user',
        content: 'hello',
        routeName: 'home',
        contextHash: 'abc',
        tokenCount: 1,
        ...overrides,
      })

      beforeEach(async () => {
        await migrate(database.db)
        conversation = await createConversation(database.db, {
          channel: 'support',
          owner: { userId: 'user-1' },
          routeName: 'home',
          now,
        })
      })

      it('stores the owner: a user or a guest, never both or neither', async () => {
        expect(conversation).toMatchObject({ channel: 'support', userId: 'user-1', guestId: null, routeName: 'home' })
        expect(conversation.publicId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        const guest = await createConversation(database.db, { channel: 'support', owner: { guestId: 'g-1' }, routeName: 'home' })
        expect(guest).toMatchObject({ userId: null, guestId: 'g-1' })
        expect(await findConversationByPublicId(database.db, guest.publicId)).toEqual(guest)
        expect(await findConversationByPublicId(database.db, randomUUID())).toBeUndefined()

        const row = { channel: 'c', route_name: 'r', started_at: '', last_activity_at: '' }
        const both = { ...row, public_id: randomUUID(), user_id: 'u', guest_id: 'g' }
        const neither = { ...row, public_id: randomUUID(), user_id: null, guest_id: null }
        await expect(database.db.insertInto('conversations').values(both).execute()).rejects.toThrow()
        await expect(database.db.insertInto('conversations').values(neither).execute()).rejects.toThrow()
      })

      it('returns timestamps with an explicit +00:00 offset and stores sortable UTC text', async () => {
        expect(conversation.startedAt).toBe('2026-11-22T05:13:00.000+00:00')
        expect(conversation.lastActivityAt).toBe('2026-11-22T05:13:00.000+00:00')
        const stored = await insertMessage(database.db, message({ now }))
        expect(stored.createdAt).toBe('2026-11-22T05:13:00.000+00:00')

        await touchConversation(database.db, conversation.id, new Date('2026-11-23T00:00:00.000Z'))
        const touched = await findConversationByPublicId(database.db, conversation.publicId)
        expect(touched?.lastActivityAt).toBe('2026-11-23T00:00:00.000+00:00')
        expect(touched?.startedAt).toBe('2026-11-22T05:13:00.000+00:00')
        const raw = await database.db.selectFrom('messages').select('created_at').executeTakeFirstOrThrow()
        expect(raw.created_at).toBe('2026-11-22T05:13:00.000Z')
      })

      it('links a rolled-over conversation to the one it replaced', async () => {
        const next = await createConversation(database.db, {
          channel: 'support',
          owner: { userId: 'user-1' },
          routeName: 'home',
          rolledFrom: conversation.id,
        })
        expect(next.rolledFrom).toBe(conversation.id)
        expect(await findConversationByPublicId(database.db, next.publicId)).toMatchObject({ rolledFrom: conversation.id })
        // Deleting the old one keeps the new one, unlinked.
        await deleteConversation(database.db, conversation.publicId)
        expect(await findConversationByPublicId(database.db, next.publicId)).toMatchObject({ rolledFrom: null })
      })

      it('stores a message as given and returns it with numbers, not strings', async () => {
        const stored = await insertMessage(
          database.db,
          message({ role: 'assistant', status: 'incomplete', finishReason: 'error', tokenCount: 7, inputTokens: 12, outputTokens: 7 }),
        )
        expect(stored).toMatchObject({ conversationId: conversation.id, role: 'assistant', status: 'incomplete', finishReason: 'error' })
        expect(stored.publicId).toMatch(/^[0-9a-f-]{36}$/)
        const [listed] = await listMessages(database.db, conversation.id)
        expect(listed).toEqual(stored)
        expect(typeof listed?.id).toBe('number')
        expect(listed).toMatchObject({ tokenCount: 7, inputTokens: 12, outputTokens: 7 })
        expect(await countMessages(database.db, conversation.id)).toBe(1)

        const defaults = await insertMessage(database.db, message({ contextHash: null }))
        expect(defaults).toMatchObject({ status: 'complete', finishReason: null, inputTokens: null, outputTokens: null, contextHash: null })
      })

      it('lists messages oldest first; with a limit, the most recent ones', async () => {
        for (const content of ['one', 'two', 'three', 'four']) await insertMessage(database.db, message({ content, now }))
        const contents = (messages: { content: string }[]) => messages.map((m) => m.content)
        expect(contents(await listMessages(database.db, conversation.id))).toEqual(['one', 'two', 'three', 'four'])
        expect(contents(await listMessages(database.db, conversation.id, { limit: 2 }))).toEqual(['three', 'four'])
        expect(contents(await listMessages(database.db, conversation.id, { limit: 10 }))).toHaveLength(4)
        expect(await listMessages(database.db, conversation.id, { limit: 0 })).toEqual([])
        await expect(listMessages(database.db, conversation.id, { limit: -1 })).rejects.toThrow(RangeError)
      })

      it('loses no message inserted concurrently', async () => {
        const contents = Array.from({ length: 100 }, (_, index) => `message ${index}`)
        const stored = await Promise.all(contents.map((content) => insertMessage(database.db, message({ content }))))
        expect(new Set(stored.map((m) => m.id)).size).toBe(100)
        expect(await countMessages(database.db, conversation.id)).toBe(100)
        const listed = await listMessages(database.db, conversation.id)
        expect(listed.map((m) => m.content).sort()).toEqual([...contents].sort())
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
        expect(await database.db.selectFrom('tool_invocations').selectAll().execute()).toEqual([])
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

      it('prunes by start (expired conversations) and needs at least one bound', async () => {
        const started = await createConversation(database.db, { channel: 'c', owner: { guestId: 'g' }, routeName: 'r', now: new Date('2026-01-01T00:00:00.000Z') })
        await touchConversation(database.db, started.id, new Date('2026-12-01T00:00:00.000Z'))
        const bounds = { startedBefore: new Date('2026-06-01T00:00:00.000Z') }
        expect(await pruneConversations(database.db, { ...bounds, inactiveBefore: new Date('2026-06-01T00:00:00.000Z'), dryRun: true })).toEqual({ conversations: 0, messages: 0 })
        expect(await pruneConversations(database.db, { ...bounds, channel: 'c' })).toEqual({ conversations: 1, messages: 0 })
        // The `conversation` of beforeEach started on 2026-11-22.
        expect(await findConversationByPublicId(database.db, conversation.publicId)).toBeDefined()
        await expect(pruneConversations(database.db, { channel: 'c' })).rejects.toThrow(TypeError)
      })

      it('prunes more conversations than fit in one batch, reporting each batch', async () => {
        const rows = Array.from({ length: 1201 }, () => ({
          public_id: randomUUID(),
          channel: 'bulk',
          guest_id: 'g',
          route_name: 'r',
          started_at: '2020-01-01T00:00:00.000Z',
          last_activity_at: '2020-01-01T00:00:00.000Z',
        }))
        await database.db.insertInto('conversations').values(rows).execute()
        const options = { inactiveBefore: new Date('2021-01-01T00:00:00.000Z') }
        expect(await pruneConversations(database.db, { ...options, dryRun: true })).toEqual({ conversations: 1201, messages: 0 })
        const batches: number[] = []
        const pruned = await pruneConversations(database.db, { ...options, onBatch: (totals) => batches.push(totals.conversations) })
        expect(pruned).toEqual({ conversations: 1201, messages: 0 })
        expect(batches).toEqual([500, 1000, 1201])
        expect(await pruneConversations(database.db, { ...options, dryRun: true })).toEqual({ conversations: 0, messages: 0 })
      })
    })
  })
})

/**
 * What 1.0's migration creates, as its databases have it: existing databases keep working only
 * while the default layout creates exactly these. SQLite: tables and named indexes; Postgres:
 * every relation and constraint, the names Postgres derives from a table's name included.
 */
const V1_NAMES = {
  sqlite: [
    ...['conversations', 'messages', 'tool_invocations', 'kysely_migration', 'kysely_migration_lock'],
    ...['conversations_activity', 'conversations_channel_activity', 'conversations_guest_channel_activity', 'conversations_rolled_from'],
    ...['conversations_user_channel_activity', 'messages_conversation_id', 'tool_invocations_conversation_id', 'tool_invocations_message_id'],
  ],
  postgres: [
    ...['conversations', 'messages', 'tool_invocations', 'kysely_migration', 'kysely_migration_lock'],
    ...['conversations_activity', 'conversations_channel_activity', 'conversations_guest_channel_activity', 'conversations_rolled_from'],
    ...['conversations_user_channel_activity', 'messages_conversation_id', 'tool_invocations_conversation_id', 'tool_invocations_message_id'],
    ...['conversations_id_seq', 'messages_id_seq', 'tool_invocations_id_seq'],
    // Primary and unique keys are an index and a constraint of the same name.
    ...['conversations_pkey', 'messages_pkey', 'tool_invocations_pkey', 'kysely_migration_pkey', 'kysely_migration_lock_pkey'].flatMap((name) => [name, name]),
    ...['conversations_public_id_key', 'messages_public_id_key', 'tool_invocations_public_id_key'].flatMap((name) => [name, name]),
    ...['conversations_one_owner', 'messages_role', 'messages_status', 'tool_invocations_overran'],
    ...['conversations_rolled_from_fkey', 'messages_conversation_id_fkey', 'tool_invocations_conversation_id_fkey', 'tool_invocations_message_id_fkey'],
  ],
}

/** Names in the database (SQLite) or in `schema` (Postgres; default the current one), SQLite's own left out. */
async function namesCreated(database: ChatbotDatabase, schema: string | undefined): Promise<string[]> {
  const query =
    database.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where substr(name, 1, 7) <> 'sqlite_'`
      : sql<{ name: string }>`
          select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = coalesce(${schema ?? null}, current_schema())
          union all
          select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = coalesce(${schema ?? null}, current_schema())`
  const { rows } = await query.execute(database.db)
  return rows.map((row) => row.name).sort()
}
