import { TRPCClientError } from '@trpc/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createConversation, type Conversation } from '@chatbot-kit/kernel'
import { decideApproval, insertApproval, toolsPlugin } from '@chatbot-kit/plugin-tools'
import { ADMIN_TOKEN, createAdminHarness, DATABASES, errorCode, type AdminHarness } from './client.js'

const minute = (n: number) => new Date(Date.parse('2026-11-24T08:00:00.000Z') + n * 60_000)

describe.each(DATABASES)('approvals.list over HTTP on $name', ({ skip, create }) => {
  describe.skipIf(skip)('stored approvals', () => {
    let h: AdminHarness
    let drop: () => Promise<void>
    let conversation: Conversation
    beforeEach(async () => {
      const database = await create()
      drop = database.drop
      h = await createAdminHarness({ database: database.url, admin: { token: ADMIN_TOKEN }, plugins: [toolsPlugin()] })
      conversation = await createConversation(h.chatbot.db, { channel: 'default', owner: { userId: 'user-1' }, routeName: 'r' })
    })
    afterEach(async () => {
      await h.close()
      await drop()
    })

    /** A round of calls requested at `minute(at)`; decided by user-1 when `decision` is given. */
    const seed = async (at: number, tools: string[], decision?: 'approve' | 'deny') => {
      const calls = tools.map((name, index) => ({ callId: `call_${at}_${index}`, name, arguments: { at } }))
      const stored = await insertApproval(h.chatbot.db, { conversationId: conversation.id, messageId: `m-${at}`, calls, transcript: [], requestedAt: minute(at), expiresAt: minute(at + 15) })
      if (decision) {
        const decisions = Object.fromEntries(calls.map((call) => [call.callId, decision]))
        await decideApproval(h.chatbot.db, stored.publicId, { decisions, decidedBy: { userId: 'user-1' }, comment: 'fine', decidedAt: minute(at + 1) })
      }
      return stored.publicId
    }

    it('lists items in the contract’s shape, filtered and paged', async () => {
      const pending = await seed(0, ['refund'])
      const approved = await seed(1, ['refund', 'email'], 'approve')
      const denied = await seed(2, ['email'], 'deny')
      const admin = h.client({ token: ADMIN_TOKEN })

      const page = await admin.approvals.list.query({ limit: 2 })
      expect(page.items[0]).toEqual({
        id: denied,
        conversationId: conversation.publicId,
        calls: [{ callId: 'call_2_0', name: 'email', arguments: { at: 2 }, decision: 'deny' }],
        decidedBy: { userId: 'user-1', guestId: null },
        comment: 'fine',
        requestedAt: '2026-11-24T08:02:00.000+00:00',
        decidedAt: '2026-11-24T08:03:00.000+00:00',
      })
      expect(page.items.map((item) => item.id)).toEqual([denied, approved])
      const rest = await admin.approvals.list.query({ limit: 2, cursor: page.nextCursor })
      expect(rest).toEqual({ items: [expect.objectContaining({ id: pending, decidedAt: null, decidedBy: { userId: null, guestId: null } })], nextCursor: null })
      expect(rest.items[0]!.calls).toEqual([{ callId: 'call_0_0', name: 'refund', arguments: { at: 0 }, decision: null }])

      const ids = async (input: Parameters<typeof admin.approvals.list.query>[0]) => (await admin.approvals.list.query(input)).items.map((item) => item.id)
      expect(await ids({ conversationId: conversation.publicId.toUpperCase() })).toEqual([denied, approved, pending])
      expect(await ids({ conversationId: 'c0000000-0000-4000-8000-000000000000' })).toEqual([])
      expect(await ids({ tool: 'refund' })).toEqual([approved, pending])
      expect(await ids({ decision: 'pending' })).toEqual([pending])
      expect(await ids({ tool: 'email', decision: 'approve' })).toEqual([approved])
      expect(await ids({ since: '2026-11-24T08:01:00Z', until: '2026-11-24T09:02:00+01:00' })).toEqual([approved])
    })

    it('answers a plain GET with plain JSON', async () => {
      const id = await seed(0, ['refund'])
      const input = encodeURIComponent(JSON.stringify({ decision: 'pending' }))
      const response = await fetch(`${h.trpcUrl}/approvals.list?input=${input}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ result: { data: { items: [{ id, calls: [{ name: 'refund', decision: null }] }], nextCursor: null } } })
    })
  })
})

describe('approvals.list access and input (sqlite)', () => {
  let h: AdminHarness
  afterEach(() => h.close())

  /** The message of a refused call: BAD_REQUEST naming the field. */
  const badRequest = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(TRPCClientError)
    expect((error as TRPCClientError<never>).data).toMatchObject({ code: 'BAD_REQUEST' })
    return (error as Error).message
  }

  it('refuses bad input naming the field, and callers without the token', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, plugins: [toolsPlugin()] })
    const admin = h.client({ token: ADMIN_TOKEN })
    expect(await badRequest(admin.approvals.list.query({ decision: 'maybe' } as never))).toMatch(/^decision /)
    expect(await badRequest(admin.approvals.list.query({ conversationId: 'not-a-uuid' }))).toMatch(/^conversationId /)
    expect(await badRequest(admin.approvals.list.query({ tool: '' }))).toMatch(/^tool /)
    expect(await badRequest(admin.approvals.list.query({ since: 'yesterday' }))).toMatch(/^since /)
    expect(await badRequest(admin.approvals.list.query({ since: '2026-11-25', until: '2026-11-24' }))).toMatch(/^since /)
    expect(await badRequest(admin.approvals.list.query({ limit: 201 }))).toMatch(/^limit /)
    expect(await badRequest(admin.approvals.list.query({ cursor: 'forged' }))).toMatch(/cursor/)
    expect(await badRequest(admin.approvals.list.query({ status: 'pending' } as never))).toMatch(/^status /)
    expect(await errorCode(h.client().approvals.list.query())).toBe('UNAUTHORIZED')
  })

  it('is not there without the tools plugin, whose procedure it is', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    expect(await errorCode(h.client({ token: ADMIN_TOKEN }).approvals.list.query())).toBe('NOT_FOUND')
  })
})
