import type { Kysely, Migration } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createChatbot, createConversation, generateAppKey, migrate, migrationsOf, pendingMigrations, type ChatbotDatabase } from '@chatbot-kit/kernel'
import { deleteConversation } from '@chatbot-kit/kernel/plugin'
import { describeEachDatabase, silentLogger, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { insertToolInvocation, listToolInvocations, toolsPlugin } from '../src/index.js'
import { APPROVAL_NAMES, MIGRATIONS, namesCreated, openDatabase, V1_NAMES } from './databases.js'

const CHAT_TABLES = '2026-11-22-01-create-chat-tables'
const TOOL_INVOCATIONS = 'tools/2026-11-22-01-create-tool-invocations'
const TOOL_APPROVALS = 'tools/2026-11-24-01-create-tool-approvals'
const MESSAGE_SOURCES = '2026-11-29-01-add-message-sources'

/** 1.0's `create-chat-tables`, which made this plugin's table too: what 1.0 databases have applied. */
const V1_MIGRATIONS: Record<string, Migration> = {
  [CHAT_TABLES]: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as a migration sees it
    async up(db: Kysely<any>) {
      await migrationsOf({ plugins: [] })[CHAT_TABLES]!.up(db)
      await MIGRATIONS[TOOL_INVOCATIONS]!.up(db)
    },
  },
}

describeEachDatabase('the tool_invocations migration', { layouts: true, label: 'migrations' }, (target) => {
  let created: CreatedDatabase
  let database: ChatbotDatabase
  const expectedNames = () => [...V1_NAMES[target.name], ...APPROVAL_NAMES[target.name]].map((name) => (created.database.tablePrefix ?? '') + name).sort()
  beforeEach(async () => {
    created = await target.create()
    database = await openDatabase(created)
  })
  afterEach(async () => {
    await database.close()
    await created.drop()
  })

  // Moved from the kernel's storage tests: the kernel's migration and this plugin's make 1.0's names.
  it('creates 1.0’s tables, indexes and constraints and 1.1’s approvals, each name under the layout’s prefix and in its schema', async () => {
    await migrate(database.db, MIGRATIONS)
    const prefix = created.database.tablePrefix ?? ''
    expect(await namesCreated(database, created.database.schema)).toEqual([...V1_NAMES[target.name], ...APPROVAL_NAMES[target.name]].map((name) => prefix + name).sort())
    // With a schema of our own, nothing lands in the connection's current schema.
    if (created.database.schema) expect(await namesCreated(database, undefined)).toEqual([])
  })

  it('migrates a 1.0 database, which has the table already, keeping its records and the cascade', async () => {
    expect(await migrate(database.db, V1_MIGRATIONS)).toEqual([CHAT_TABLES])
    const conversation = await createConversation(database.db, { channel: 'support', owner: { guestId: 'g' }, routeName: 'home' })
    const recorded = await insertToolInvocation(database.db, { conversationId: conversation.id, callId: 'c1', toolName: 'lookup', arguments: { q: 1 }, startedAt: new Date() })

    expect(await pendingMigrations(database.db, MIGRATIONS)).toEqual([MESSAGE_SOURCES, TOOL_INVOCATIONS, TOOL_APPROVALS])
    expect(await migrate(database.db, MIGRATIONS)).toEqual([MESSAGE_SOURCES, TOOL_INVOCATIONS, TOOL_APPROVALS])
    expect(await pendingMigrations(database.db, MIGRATIONS)).toEqual([])
    expect(await namesCreated(database, created.database.schema)).toEqual(expectedNames())
    expect(await listToolInvocations(database.db, conversation.id)).toEqual([recorded])
    await deleteConversation(database.db, conversation.publicId)
    expect(await listToolInvocations(database.db, conversation.id)).toEqual([])
  })

  it('puts the table where the chatbot’s layout puts the kernel’s: the plugin declares it', async () => {
    const chatbot = await createChatbot({ appKey: generateAppKey(), database: created.database, plugins: [toolsPlugin()] }, { env: {}, logger: silentLogger() })
    try {
      expect(await namesCreated({ db: chatbot.db, dialect: database.dialect }, created.database.schema)).toEqual(expectedNames())
      const conversation = await createConversation(chatbot.db, { channel: 'support', owner: { guestId: 'g' }, routeName: 'home' })
      await insertToolInvocation(chatbot.db, { conversationId: conversation.id, callId: 'c1', toolName: 'lookup', arguments: {}, startedAt: new Date() })
      expect(await listToolInvocations(database.db, conversation.id)).toMatchObject([{ callId: 'c1' }])
    } finally {
      await chatbot.close()
    }
  })
})
