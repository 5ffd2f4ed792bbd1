import { afterEach, beforeEach, expect, it } from 'vitest'
import { createConversation, migrate, type ChatbotDatabase, type Conversation } from '@chatbot-kit/kernel'
import { deleteConversation } from '@chatbot-kit/kernel/plugin'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { decideApproval, findApproval, insertApproval, pendingApproval, type NewToolApproval } from '../src/index.js'
import { MIGRATIONS, namesCreated, openDatabase } from './databases.js'

// The approvals' storage contract on each dialect and table layout: one row per paused round,
// decided once, whatever the number of racing deciders.

describeEachDatabase('tool approvals', { layouts: true, label: 'contract' }, (target) => {
  let created: CreatedDatabase
  let database: ChatbotDatabase
  let conversation: Conversation
  const now = new Date('2026-11-24T08:00:00.000Z')
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000)
  const transcript = [{ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'refund', arguments: '{"order":"A-1"}' } }] }]
  const approval = (overrides: Partial<NewToolApproval> = {}): NewToolApproval => ({
    conversationId: conversation.id,
    messageId: 'a0000000-0000-4000-8000-000000000001',
    calls: [
      { callId: 'call_1', name: 'refund', arguments: { order: 'A-1' } },
      { callId: 'call_2', name: 'email', arguments: 'not json {' },
    ],
    transcript,
    requestedAt: now,
    expiresAt: later(900),
    ...overrides,
  })

  beforeEach(async () => {
    created = await target.create()
    database = await openDatabase(created)
    await migrate(database.db, MIGRATIONS)
    conversation = await createConversation(database.db, { channel: 'support', owner: { userId: 'user-1' }, routeName: 'home', now })
  })
  afterEach(async () => {
    await database.close()
    await created.drop()
  })

  it('puts the table and its indexes where the layout puts the kernel’s', async () => {
    const prefix = created.database.tablePrefix ?? ''
    const names = await namesCreated(database, created.database.schema)
    expect(names).toEqual(expect.arrayContaining(['tool_approvals', 'tool_approvals_conversation_requested', 'tool_approvals_requested_at'].map((name) => prefix + name)))
  })

  it('stores a round with its calls undecided and gives back the transcript as stored', async () => {
    const stored = await insertApproval(database.db, approval())
    expect(stored).toEqual({
      id: expect.any(Number),
      publicId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      conversationId: conversation.id,
      messageId: 'a0000000-0000-4000-8000-000000000001',
      calls: [
        { callId: 'call_1', name: 'refund', arguments: { order: 'A-1' }, decision: null },
        { callId: 'call_2', name: 'email', arguments: 'not json {', decision: null },
      ],
      transcript,
      decidedBy: { userId: null, guestId: null },
      comment: null,
      requestedAt: '2026-11-24T08:00:00.000+00:00',
      expiresAt: '2026-11-24T08:15:00.000+00:00',
      decidedAt: null,
    })
    expect(await findApproval(database.db, stored.publicId)).toEqual(stored)
    expect(await findApproval(database.db, 'b0000000-0000-4000-8000-000000000000')).toBeUndefined()
  })

  it('records the decision once: per call, who, the comment and when', async () => {
    const { publicId } = await insertApproval(database.db, approval())
    const verdict = { decisions: { call_1: 'approve', call_2: 'deny' } as const, decidedBy: { userId: 'user-1' }, comment: 'no emails', decidedAt: later(60) }
    expect(await decideApproval(database.db, publicId, verdict)).toBe(true)
    const decided = await findApproval(database.db, publicId)
    expect(decided).toMatchObject({
      calls: [
        { callId: 'call_1', name: 'refund', arguments: { order: 'A-1' }, decision: 'approve' },
        { callId: 'call_2', name: 'email', arguments: 'not json {', decision: 'deny' },
      ],
      decidedBy: { userId: 'user-1', guestId: null },
      comment: 'no emails',
      decidedAt: '2026-11-24T08:01:00.000+00:00',
    })
    // A second decision changes nothing, whatever it says.
    expect(await decideApproval(database.db, publicId, { ...verdict, decisions: { call_1: 'deny', call_2: 'deny' }, decidedBy: { guestId: 'g' }, comment: null })).toBe(false)
    expect(await findApproval(database.db, publicId)).toEqual(decided)
    expect(await decideApproval(database.db, 'b0000000-0000-4000-8000-000000000000', verdict)).toBe(false)
  })

  it('refuses decisions that miss a call or name another, storing nothing', async () => {
    const { publicId } = await insertApproval(database.db, approval())
    const verdict = { decidedBy: { guestId: 'g' }, comment: null, decidedAt: later(1) }
    await expect(decideApproval(database.db, publicId, { ...verdict, decisions: { call_1: 'approve' } })).rejects.toThrow(/call_2 needs a decision/)
    await expect(decideApproval(database.db, publicId, { ...verdict, decisions: { call_1: 'approve', call_2: 'deny', call_9: 'deny' } })).rejects.toThrow(/call_9/)
    expect(await findApproval(database.db, publicId)).toMatchObject({ decidedAt: null, calls: [{ decision: null }, { decision: null }] })
  })

  it('lets exactly one of several concurrent deciders win, and keeps the winner’s decisions', async () => {
    const { publicId } = await insertApproval(database.db, approval())
    const deciders = ['approve', 'deny', 'approve', 'deny', 'approve', 'deny'] as const
    const outcomes = await Promise.all(
      deciders.map((decision, index) =>
        decideApproval(database.db, publicId, { decisions: { call_1: decision, call_2: decision }, decidedBy: { userId: `user-${index}` }, comment: `#${index}`, decidedAt: later(index + 1) }),
      ),
    )
    expect(outcomes.filter(Boolean)).toHaveLength(1)
    const winner = outcomes.indexOf(true)
    expect(await findApproval(database.db, publicId)).toMatchObject({
      calls: [{ decision: deciders[winner] }, { decision: deciders[winner] }],
      decidedBy: { userId: `user-${winner}`, guestId: null },
      comment: `#${winner}`,
    })
  })

  it('finds the conversation’s latest undecided, unexpired approval', async () => {
    const other = await createConversation(database.db, { channel: 'support', owner: { guestId: 'g' }, routeName: 'home', now })
    expect(await pendingApproval(database.db, conversation.id, now)).toBeUndefined()
    const older = await insertApproval(database.db, approval({ requestedAt: now, expiresAt: later(900) }))
    const newer = await insertApproval(database.db, approval({ requestedAt: later(10), expiresAt: later(300) }))
    await insertApproval(database.db, approval({ conversationId: other.id, requestedAt: later(20), expiresAt: later(900) }))

    expect((await pendingApproval(database.db, conversation.id, later(11)))?.publicId).toBe(newer.publicId)
    // Past the newer one's expiry the older one, still open, is the pending one.
    expect((await pendingApproval(database.db, conversation.id, later(300)))?.publicId).toBe(older.publicId)
    expect(await pendingApproval(database.db, conversation.id, later(900))).toBeUndefined()
    await decideApproval(database.db, newer.publicId, { decisions: { call_1: 'deny', call_2: 'deny' }, decidedBy: { userId: 'user-1' }, comment: null, decidedAt: later(12) })
    expect((await pendingApproval(database.db, conversation.id, later(12)))?.publicId).toBe(older.publicId)
  })

  it('deletes a conversation’s approvals with it', async () => {
    const stored = await insertApproval(database.db, approval())
    expect(await deleteConversation(database.db, conversation.publicId)).toBe(true)
    expect(await findApproval(database.db, stored.publicId)).toBeUndefined()
  })
})
