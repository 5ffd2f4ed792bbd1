import { afterEach, beforeEach, expect, it } from 'vitest'
import { createConversation, createDatabase, migrate, migrationsOf, type ChatbotDatabase, type Conversation } from '@chatbot-kit/kernel'
import { deleteConversation, insertMessage, sql } from '@chatbot-kit/kernel/plugin'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { adminPlugin } from '../src/index.js'
import { dailyActivity } from '../src/queries/daily-activity.js'
import { ADMIN_TABLES } from '../src/storage/admin-tables.js'

// The rollup behind the console's overview, on every dialect and table layout: the trigger counts
// what any writer stores, and the migration counts what was stored before it, the same way.

const kernelOnly = migrationsOf({ plugins: [] })
const withAdmin = migrationsOf({ plugins: [adminPlugin()] })
const at = (iso: string) => new Date(iso)

/** The same numbers straight from `messages`, for comparison. */
async function counted(database: ChatbotDatabase) {
  const { rows } = await sql<{ day: string; channel: string; user_messages: number | string; assistant_messages: number | string; input_tokens: number | string | null; output_tokens: number | string | null }>`
    select substr(m.created_at, 1, 10) as day, c.channel,
      sum(case when m.role = 'user' then 1 else 0 end) as user_messages,
      sum(case when m.role = 'assistant' then 1 else 0 end) as assistant_messages,
      sum(m.input_tokens) as input_tokens, sum(m.output_tokens) as output_tokens
    from ${sql.table('messages')} m join ${sql.table('conversations')} c on c.id = m.conversation_id
    group by substr(m.created_at, 1, 10), c.channel order by 1, 2`.execute(database.db)
  return rows.map((row) => ({
    day: row.day,
    channel: row.channel,
    userMessages: Number(row.user_messages),
    assistantMessages: Number(row.assistant_messages),
    inputTokens: Number(row.input_tokens ?? 0),
    outputTokens: Number(row.output_tokens ?? 0),
  }))
}

const withoutConversations = (rows: Awaited<ReturnType<typeof dailyActivity>>) => rows.map(({ conversations: _conversations, ...row }) => row)

describeEachDatabase('the daily activity rollup', { label: 'trigger and backfill', layouts: true }, (target) => {
  let created: CreatedDatabase
  let database: ChatbotDatabase
  beforeEach(async () => {
    created = await target.create()
    database = await createDatabase(created.database, { tables: ADMIN_TABLES })
  })
  afterEach(async () => {
    await database.close()
    await created.drop()
  })

  /** A turn as the kernel stores it: the question, then the reply with its provider usage. */
  const turn = async (conversation: Conversation, iso: string, usage: [number, number] | null = [10, 4]) => {
    await insertMessage(database.db, { conversationId: conversation.id, role: 'user', content: 'q', routeName: 'r', contextHash: 'h', tokenCount: 1, now: at(iso) })
    await insertMessage(database.db, { conversationId: conversation.id, role: 'assistant', content: 'a', routeName: 'r', contextHash: 'h', tokenCount: 1, inputTokens: usage?.[0] ?? null, outputTokens: usage?.[1] ?? null, now: at(iso) })
  }
  const start = (channel: string, iso: string, owner = { userId: 'u1' }) => createConversation(database.db, { channel, owner, routeName: 'r', now: at(iso) })

  it('counts each stored message on its UTC day and channel, and a conversation on the day of its first message', async () => {
    await migrate(database.db, withAdmin)
    const support = await start('support', '2026-11-01T23:59:00.000Z')
    await turn(support, '2026-11-01T23:59:30.000Z', [100, 20])
    await turn(support, '2026-11-02T00:00:10.000Z', [150, 30])
    const sales = await start('sales', '2026-11-02T08:00:00.000Z', { guestId: 'g1' } as never)
    await turn(sales, '2026-11-02T08:00:00.000Z', null)
    // A conversation that never got a message (a turn refused before storing one) is not counted.
    await start('support', '2026-11-02T09:00:00.000Z')

    const rows = await dailyActivity(database.db, { from: '2026-11-01', to: '2026-11-02' })
    expect(rows).toEqual([
      { day: '2026-11-01', channel: 'support', conversations: 1, userMessages: 1, assistantMessages: 1, inputTokens: 100, outputTokens: 20 },
      { day: '2026-11-02', channel: 'sales', conversations: 1, userMessages: 1, assistantMessages: 1, inputTokens: 0, outputTokens: 0 },
      { day: '2026-11-02', channel: 'support', conversations: 0, userMessages: 1, assistantMessages: 1, inputTokens: 150, outputTokens: 30 },
    ])
    expect(withoutConversations(rows)).toEqual(await counted(database))
    expect(await dailyActivity(database.db, { from: '2026-11-02', to: '2026-11-02', channel: 'sales' })).toEqual([rows[1]])
    expect(await dailyActivity(database.db, { from: '2026-11-03', to: '2026-11-30' })).toEqual([])
  })

  it('keeps the counts of a deleted conversation: the overview shows what happened', async () => {
    await migrate(database.db, withAdmin)
    const gone = await start('default', '2026-11-05T10:00:00.000Z')
    await turn(gone, '2026-11-05T10:00:00.000Z')
    expect(await deleteConversation(database.db, gone.publicId)).toBe(true)
    expect(await dailyActivity(database.db, { from: '2026-11-05', to: '2026-11-05' })).toEqual([
      { day: '2026-11-05', channel: 'default', conversations: 1, userMessages: 1, assistantMessages: 1, inputTokens: 10, outputTokens: 4 },
    ])
  })

  it('counts the messages stored before the migration exactly as the trigger counts the ones after', async () => {
    await migrate(database.db, kernelOnly)
    const early = await start('support', '2026-10-30T12:00:00.000Z')
    await turn(early, '2026-10-30T12:00:00.000Z', [7, 3])
    await turn(early, '2026-10-31T12:00:00.000Z', [8, 2])
    const other = await start('docs', '2026-10-31T13:00:00.000Z')
    await turn(other, '2026-10-31T13:00:00.000Z', [1, 1])

    expect(await migrate(database.db, withAdmin)).toEqual(['admin/2026-11-27-01-create-daily-stats'])
    await turn(early, '2026-10-31T14:00:00.000Z', [5, 5])
    const later = await start('docs', '2026-10-31T15:00:00.000Z')
    await turn(later, '2026-10-31T15:00:00.000Z', [2, 2])

    const rows = await dailyActivity(database.db, { from: '2026-10-30', to: '2026-10-31' })
    expect(rows).toEqual([
      { day: '2026-10-30', channel: 'support', conversations: 1, userMessages: 1, assistantMessages: 1, inputTokens: 7, outputTokens: 3 },
      { day: '2026-10-31', channel: 'docs', conversations: 2, userMessages: 2, assistantMessages: 2, inputTokens: 3, outputTokens: 3 },
      { day: '2026-10-31', channel: 'support', conversations: 0, userMessages: 2, assistantMessages: 2, inputTokens: 13, outputTokens: 7 },
    ])
    expect(withoutConversations(rows)).toEqual(await counted(database))
  })
})
