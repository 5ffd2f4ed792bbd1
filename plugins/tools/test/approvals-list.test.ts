import { afterEach, beforeEach, expect, it } from 'vitest'
import { createConversation, migrate, type ChatbotDatabase, type Conversation } from '@chatbot-kit/kernel'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { decideApproval, insertApproval, listApprovals, type StoredToolApproval, type ToolApprovalDecision } from '../src/index.js'
import { MIGRATIONS, openDatabase } from './databases.js'

// `listApprovals` (admin `approvals.list`) on each dialect: the call filters read the calls JSON.

describeEachDatabase('listing tool approvals', { layouts: true, label: 'contract' }, (target) => {
  let created: CreatedDatabase
  let database: ChatbotDatabase
  let first: Conversation
  let second: Conversation
  const start = Date.parse('2026-11-24T08:00:00.000Z')
  const minute = (n: number) => new Date(start + n * 60_000)
  // A tool name full of what a LIKE pattern or a JSON string would have to escape.
  const ODD = `it's "50%_off" \\ tool`

  /** An approval requested at `minute(at)`, with a call per tool, decided when `decisions` are given. */
  async function seed(conversation: Conversation, at: number, tools: string[], decisions?: ToolApprovalDecision[]): Promise<StoredToolApproval> {
    const calls = tools.map((name, index) => ({ callId: `call_${at}_${index}`, name, arguments: { at, index } }))
    const stored = await insertApproval(database.db, { conversationId: conversation.id, messageId: `m-${at}`, calls, transcript: [], requestedAt: minute(at), expiresAt: minute(at + 15) })
    if (decisions) {
      const verdict = Object.fromEntries(calls.map((call, index) => [call.callId, decisions[index]!]))
      await decideApproval(database.db, stored.publicId, { decisions: verdict, decidedBy: { guestId: 'g-1' }, comment: 'ok', decidedAt: minute(at + 1) })
    }
    return stored
  }
  const ids = async (options: Parameters<typeof listApprovals>[1]) => (await listApprovals(database.db, options)).items.map((item) => item.id)

  beforeEach(async () => {
    created = await target.create()
    database = await openDatabase(created)
    await migrate(database.db, MIGRATIONS)
    first = await createConversation(database.db, { channel: 'support', owner: { userId: 'user-1' }, routeName: 'home' })
    second = await createConversation(database.db, { channel: 'support', owner: { guestId: 'g-1' }, routeName: 'home' })
  })
  afterEach(async () => {
    await database.close()
    await created.drop()
  })

  it('lists items in the contract’s shape, newest first', async () => {
    const pending = await seed(first, 0, ['refund'])
    const decided = await seed(second, 1, ['refund', 'email'], ['approve', 'deny'])
    expect(await listApprovals(database.db)).toEqual({
      items: [
        {
          id: decided.publicId,
          conversationId: second.publicId,
          calls: [
            { callId: 'call_1_0', name: 'refund', arguments: { at: 1, index: 0 }, decision: 'approve' },
            { callId: 'call_1_1', name: 'email', arguments: { at: 1, index: 1 }, decision: 'deny' },
          ],
          decidedBy: { userId: null, guestId: 'g-1' },
          comment: 'ok',
          requestedAt: '2026-11-24T08:01:00.000+00:00',
          decidedAt: '2026-11-24T08:02:00.000+00:00',
        },
        {
          id: pending.publicId,
          conversationId: first.publicId,
          calls: [{ callId: 'call_0_0', name: 'refund', arguments: { at: 0, index: 0 }, decision: null }],
          decidedBy: { userId: null, guestId: null },
          comment: null,
          requestedAt: '2026-11-24T08:00:00.000+00:00',
          decidedAt: null,
        },
      ],
      nextCursor: null,
    })
  })

  it('filters by conversation, tool, decision and time; tool and decision match the same call', async () => {
    const a = await seed(first, 0, ['refund'])
    const b = await seed(first, 1, ['refund', 'email'], ['approve', 'deny'])
    const c = await seed(second, 2, ['email', ODD], ['approve', 'approve'])
    const d = await seed(second, 3, ['lookup'], ['deny'])

    expect(await ids({ conversationId: first.publicId })).toEqual([b.publicId, a.publicId])
    expect(await ids({ conversationId: 'c0000000-0000-4000-8000-000000000000' })).toEqual([])
    expect(await ids({ tool: 'email' })).toEqual([c.publicId, b.publicId])
    expect(await ids({ tool: ODD })).toEqual([c.publicId])
    expect(await ids({ tool: 'refund"' })).toEqual([])
    expect(await ids({ decision: 'pending' })).toEqual([a.publicId])
    expect(await ids({ decision: 'approve' })).toEqual([c.publicId, b.publicId])
    expect(await ids({ decision: 'deny' })).toEqual([d.publicId, b.publicId])
    expect(await ids({ tool: 'email', decision: 'deny' })).toEqual([b.publicId])
    expect(await ids({ tool: 'refund', decision: 'deny' })).toEqual([])
    expect(await ids({ since: minute(1), until: minute(3) })).toEqual([c.publicId, b.publicId])
    expect(await ids({ conversationId: second.publicId, decision: 'approve', since: minute(2) })).toEqual([c.publicId])
  })

  it('pages with a cursor, each row once while approvals are added between pages', async () => {
    const before: string[] = []
    for (let at = 0; at < 7; at++) before.push((await seed(at % 2 ? first : second, at, ['refund'])).publicId)
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: Awaited<ReturnType<typeof listApprovals>> = await listApprovals(database.db, { limit: 3, cursor, tool: 'refund' })
      seen.push(...page.items.map((item) => item.id))
      cursor = page.nextCursor
      pages++
      await seed(first, 100 + pages, ['refund'])
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual([...before].reverse())
    expect((await listApprovals(database.db, { limit: 200 })).items).toHaveLength(10)
  })

  it('refuses a limit out of range and a cursor it did not make', async () => {
    await expect(listApprovals(database.db, { limit: 0 })).rejects.toThrow(RangeError)
    await expect(listApprovals(database.db, { limit: 201 })).rejects.toThrow(RangeError)
    await expect(listApprovals(database.db, { cursor: 'forged' })).rejects.toThrow(/cursor/)
    // A conversations.list cursor is not an approvals one.
    await expect(listApprovals(database.db, { cursor: Buffer.from('c:5').toString('base64url') })).rejects.toThrow(/cursor/)
  })
})
