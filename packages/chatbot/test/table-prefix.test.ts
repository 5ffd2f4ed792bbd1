import { afterEach, describe, expect, it } from 'vitest'
import { createChatbot, createConversation, createDatabase, generateAppKey, pendingMigrations, type Chatbot } from 'chatbot-kit'
import { databaseTargets, readSse } from '@chatbot-kit/test-utils'

const silent = { error() {}, warn() {}, info() {}, success() {}, log() {}, debug() {} } as never
const ORIGIN = 'http://chatbot.test/chatbot'

// Two chatbots (two apps, or two tenants) in one database, told apart by `database.tablePrefix`.
describe.each(databaseTargets().map((target) => [target.name, target] as const))('two chatbots sharing a database on %s', (_name, target) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it.skipIf(target.skip)('each sees only its own conversations: chat, history, admin, retention, health', async () => {
    const created = await target.create()
    cleanups.push(created.drop)
    const start = async (tablePrefix: string) => {
      const config = { appKey: generateAppKey(), routeMiddleware: [], retentionDays: 30, admin: { token: 'admin-token' }, database: { url: created.url, tablePrefix } }
      const chatbot = await createChatbot(config, { env: {}, logger: silent })
      cleanups.push(() => chatbot.close())
      return chatbot
    }
    const [first, second] = [await start('first_'), await start('second_')]
    first.fake('Hello from the first.')
    second.fake('Hello from the second.')

    const envelope = (chatbot: Chatbot) => chatbot.mintEnvelope({ userId: 'u1', route: 'home', channel: 'default' })
    const post = await first.fetch(
      new Request(`${ORIGIN}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signed_context: envelope(first), message: 'hi' }),
      }),
    )
    expect(post.status).toBe(200)
    const conversationId = post.headers.get('x-chatbot-conversation-id')!
    expect((await readSse(post)).at(-1)).toMatchObject({ type: 'done' })

    const history = (chatbot: Chatbot) => chatbot.fetch(new Request(`${ORIGIN}/conversations/${conversationId}/messages?signed_context=${envelope(chatbot)}`))
    expect(((await (await history(first)).json()) as { messages: unknown[] }).messages).toHaveLength(2)
    expect((await history(second)).status).toBe(404)

    const adminList = async (chatbot: Chatbot) => {
      const response = await chatbot.fetch(new Request(`${ORIGIN}/admin/trpc/conversations.list?input=${encodeURIComponent('{}')}`, { headers: { authorization: 'Bearer admin-token' } }))
      return ((await response.json()) as { result: { data: { items: { id: string }[] } } }).result.data.items.map((item) => item.id)
    }
    expect(await adminList(first)).toEqual([conversationId])
    expect(await adminList(second)).toEqual([])

    // Retention finds channels among the stored conversations: only in the chatbot's own tables.
    await createConversation(first.db, { channel: 'legacy', owner: { guestId: 'g1' }, routeName: 'home', now: new Date('2020-01-01T00:00:00.000Z') })
    expect((await first.prune({ dryRun: true, channel: 'legacy' })).total).toEqual({ conversations: 1, messages: 0 })
    await expect(second.prune({ dryRun: true, channel: 'legacy' })).rejects.toThrow(/legacy/)
    expect((await second.prune()).total).toEqual({ conversations: 0, messages: 0 })

    for (const chatbot of [first, second]) expect((await chatbot.fetch(new Request(`${ORIGIN}/health`))).status).toBe(200)
    // Nothing under 1.0's names: the default layout still finds an empty database.
    const plain = await createDatabase(created.url)
    cleanups.push(() => plain.close())
    expect(await pendingMigrations(plain.db)).toEqual(['2026-11-22-01-create-chat-tables', '2026-11-29-01-add-message-sources'])
    const tables = await plain.db.introspection.getTables()
    // On Postgres, the tables of this test's schema only (other test files share the database).
    const schema = tables.find((table) => table.name === 'first_conversations')?.schema
    const names = tables.filter((table) => table.schema === schema).map((table) => table.name)
    // SQLite's FTS5 index keeps its shadow tables beside it, under the same prefix.
    const fullText = target.name === 'sqlite' ? ['knowledge_chunks_fts', ...['config', 'content', 'data', 'docsize', 'idx'].map((part) => `knowledge_chunks_fts_${part}`)] : []
    const tablesOf = (prefix: string) =>
      ['admin_daily_activity', 'admin_refusals', 'attachments', 'conversations', 'handoff_changes', 'handoff_messages', 'handoff_seen_events', 'handoffs', 'knowledge_chunks', 'knowledge_documents', 'knowledge_gaps', 'knowledge_sync_state', 'kysely_migration', 'kysely_migration_lock', 'message_feedback', 'messages', 'replies_in_progress', 'replies_instances', 'tool_approvals', 'tool_invocations', ...fullText]
        .sort()
        .map((name) => prefix + name)
    expect(names.sort()).toEqual([...tablesOf('first_'), ...tablesOf('second_')])
  })
})
