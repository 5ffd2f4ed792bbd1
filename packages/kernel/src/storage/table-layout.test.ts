import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dailyTokenUsage, listConversations } from '@chatbot-kit/admin'
import { databaseTargets, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { ChatbotException } from '../errors/index.js'
import {
  createConversation,
  createDatabase,
  deleteConversation,
  insertMessage,
  migrate,
  pendingMigrations,
  pruneConversations,
  type ChatbotDatabase,
  type DatabaseTarget,
} from './index.js'

const ALL = ['2026-11-22-01-create-chat-tables', '2026-11-29-01-add-message-sources']

// Sharing a database with the host, and with another chatbot, on each dialect.
describe.each(databaseTargets().map((target) => [target.name, target] as const))('table layout on %s', (_name, target) => {
  describe.skipIf(target.skip)(target.skip || 'shared database', () => {
    let created: CreatedDatabase
    const opened: ChatbotDatabase[] = []
    beforeEach(async () => {
      created = await target.create()
    })
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((database) => database.close()))
      await created.drop()
    })
    const open = async (layout: Omit<DatabaseTarget, 'url'> = {}) => {
      const database = await createDatabase({ url: created.url, ...layout })
      opened.push(database)
      return database
    }
    const currentSchema = async (database: ChatbotDatabase) => (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!.schema
    // On Postgres, this test's schema only: other test files create theirs in the same database meanwhile.
    const tableNames = async (database: ChatbotDatabase) => {
      const schema = database.dialect === 'sqlite' ? undefined : await currentSchema(database)
      const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true })
      return tables.filter((table) => table.schema === schema).map((table) => table.name).sort()
    }
    const where = async (database: ChatbotDatabase) => {
      if (database.dialect === 'sqlite') return { place: 'in the database', schemaFix: '' }
      return { place: `in schema "${await currentSchema(database)}"`, schemaFix: ', or database.schema' }
    }

    it('refuses to migrate over the host’s own messages table, writing nothing; a prefix then fits beside it', async () => {
      const host = await open()
      await sql`create table messages (id integer primary key, body text not null)`.execute(host.db)
      await sql`insert into messages (id, body) values (1, 'the host''s row')`.execute(host.db)

      const error: unknown = await migrate(host.db).then(() => 'migrated', (reason: unknown) => reason)
      const { place, schemaFix } = await where(host)
      expect(ChatbotException.isInstance(error) && error.code()).toBe('table_conflict')
      expect((error as Error).message).toBe(
        `Table "messages" already exists ${place} and was not created by chatbot-kit: set database.tablePrefix (CHATBOT_DATABASE_TABLE_PREFIX), e.g. "chatbot_"${schemaFix}.`,
      )
      expect(await tableNames(host)).toEqual(['messages'])
      expect(await pendingMigrations(host.db)).toEqual(ALL)

      const ours = await open({ tablePrefix: 'chatbot_' })
      expect(await migrate(ours.db)).toEqual(ALL)
      expect(await pendingMigrations(ours.db)).toEqual([])
      expect(await tableNames(host)).toContain('chatbot_messages')
      const { rows } = await sql<{ body: string }>`select body from messages`.execute(host.db)
      expect(rows).toEqual([{ body: 'the host\'s row' }])
    })

    it.skipIf(target.name !== 'postgres')('minds only its own schema: a host’s messages table in another schema is not in the way, a view in its own is', async () => {
      const host = await open()
      const other = `${await currentSchema(host)}_host`
      try {
        await sql`create schema ${sql.id(other)}`.execute(host.db)
        await sql`create table ${sql.id(other, 'messages')} (id integer primary key, body text not null)`.execute(host.db)
        expect(await migrate(host.db)).toEqual(ALL)
        const ours = await open({ tablePrefix: 'viewed_' })
        await sql`create view viewed_conversations as select 1 as id`.execute(ours.db)
        await expect(migrate(ours.db)).rejects.toThrow(/^Table "viewed_conversations" already exists in schema /)
      } finally {
        await sql`drop schema if exists ${sql.id(other)} cascade`.execute(host.db)
      }
    })

    it('refuses a migration table that holds the host’s own Kysely migrations', async () => {
      const host = await open()
      await sql`create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(host.db)
      await sql`insert into kysely_migration (name, timestamp) values ('2025-01-01-create-users', '2025-01-01T00:00:00.000Z')`.execute(host.db)
      await expect(migrate(host.db)).rejects.toThrow(/^Table "kysely_migration" already exists .* not created by chatbot-kit/)
    })

    it('takes its own tables back after a run cut half-way (tables there, migration not recorded)', async () => {
      const ours = await open({ tablePrefix: 'chatbot_' })
      await migrate(ours.db)
      await sql`delete from ${sql.table('kysely_migration')}`.execute(ours.db)
      expect(await pendingMigrations(ours.db)).toEqual(ALL)
      expect(await migrate(ours.db)).toEqual(ALL)
    })

    it('keeps two chatbots with different prefixes apart in one database', async () => {
      const [first, second] = [await open({ tablePrefix: 'first_' }), await open({ tablePrefix: 'second_' })]
      expect(await migrate(first.db)).toEqual(ALL)
      expect(await pendingMigrations(second.db)).toEqual(ALL)
      expect(await migrate(second.db)).toEqual(ALL)

      const now = new Date('2020-01-01T00:00:00.000Z')
      const conversation = await createConversation(first.db, { channel: 'default', owner: { userId: 'u1' }, routeName: 'home', now })
      await insertMessage(first.db, { conversationId: conversation.id, role: 'assistant', content: 'hi', routeName: 'home', contextHash: null, tokenCount: 1, outputTokens: 5, now })

      expect((await listConversations(first.db)).items.map((item) => item.id)).toEqual([conversation.publicId])
      expect((await listConversations(second.db)).items).toEqual([])
      expect(await dailyTokenUsage(second.db)).toEqual([])
      expect(await deleteConversation(second.db, conversation.publicId)).toBe(false)
      const everything = { inactiveBefore: new Date('2030-01-01T00:00:00.000Z') }
      expect(await pruneConversations(second.db, everything)).toEqual({ conversations: 0, messages: 0 })
      expect(await pruneConversations(first.db, { ...everything, dryRun: true })).toEqual({ conversations: 1, messages: 1 })
    })
  })
})
