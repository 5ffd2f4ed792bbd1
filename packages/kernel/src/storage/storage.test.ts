import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { testMessage } from '../../test/databases.js'
import {
  countMessages,
  createConversation,
  createDatabase,
  deleteConversation,
  findConversationByPublicId,
  insertMessage,
  listMessages,
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

describeEachDatabase('storage', { layouts: true, label: 'contract' }, (target) => {
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
    const message = (overrides: Partial<NewMessage> = {}) => testMessage(conversation, overrides)

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

    it('with touch, stores the message and moves the conversation activity to it in one commit', async () => {
      const later = new Date('2026-11-24T08:00:00.000Z')
      const stored = await insertMessage(database.db, message({ now: later, touch: true }))
      expect((await listMessages(database.db, conversation.id)).map((m) => m.publicId)).toEqual([stored.publicId])
      expect((await findConversationByPublicId(database.db, conversation.publicId))?.lastActivityAt).toBe('2026-11-24T08:00:00.000+00:00')
      // A message that cannot be stored leaves the activity as it was: one commit, all or nothing.
      await expect(insertMessage(database.db, message({ now: new Date('2026-11-25T00:00:00.000Z'), touch: true, publicId: stored.publicId }))).rejects.toThrow()
      expect((await findConversationByPublicId(database.db, conversation.publicId))?.lastActivityAt).toBe('2026-11-24T08:00:00.000+00:00')
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
