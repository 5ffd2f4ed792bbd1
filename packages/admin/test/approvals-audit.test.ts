import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { defineTool, toolsPlugin } from '@chatbot-kit/plugin-tools'
import { events } from '../../kernel/test/harness.js'
import { askAndPause, decide } from '../../../plugins/tools/test/approval-steps.js'
import { ADMIN_TOKEN, createAdminHarness, DATABASES, type AdminHarness } from './client.js'

// The audit trail end to end: decisions made through the public approvals route, read back
// through the admin API over HTTP, as an operator would (contract §9.2).

const orderParameters = { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] }

describe.each(DATABASES)('approvals decided over HTTP, audited through approvals.list on $name', ({ skip, create }) => {
  describe.skipIf(skip)('decisions', () => {
    let h: AdminHarness
    let drop: () => Promise<void>
    beforeEach(async () => {
      const database = await create()
      drop = database.drop
      h = await createAdminHarness({ database: database.url, admin: { token: ADMIN_TOKEN }, plugins: [toolsPlugin()], channels: { default: { allowedTools: ['refund'] } } })
      h.chatbot.registerTool(defineTool({ name: 'refund', description: 'Refund an order', parameters: orderParameters, approval: 'required', handler: () => ({ refunded: true }) }))
    })
    afterEach(async () => {
      await h.close()
      await drop()
    })

    /** The one approval of a conversation, as the admin API lists it. */
    const audited = async (conversationId: string) => {
      const { items } = await h.client({ token: ADMIN_TOKEN }).approvals.list.query({ conversationId })
      expect(items).toHaveLength(1)
      return items[0]!
    }
    /** Asserts `decidedAt` fell between `before` and now, and not before the request. */
    const decidedWithin = (item: { requestedAt: string; decidedAt: string | null }, before: number) => {
      const decidedAt = Date.parse(item.decidedAt!)
      expect(decidedAt).toBeGreaterThanOrEqual(before)
      expect(decidedAt).toBeLessThanOrEqual(Date.now())
      expect(decidedAt).toBeGreaterThanOrEqual(Date.parse(item.requestedAt))
    }

    it('records a user’s per-call decisions with the comment, who decided and when', async () => {
      h.provider.script({ toolCalls: [{ id: 'r1', name: 'refund', arguments: { order: 'A1' } }, { id: 'r2', name: 'refund', arguments: { order: 'B2' } }] }, { text: 'Refunded A1.' })
      const { conversationId, approvalId } = await askAndPause(h, 'refund A1 and B2')
      const before = Date.now()
      const response = await decide(h, conversationId, approvalId, { decisions: { r1: 'approve', r2: 'deny' }, comment: 'Only the first one.' })
      expect((await events(response)).at(-1)).toMatchObject({ type: 'done' })

      const item = await audited(conversationId)
      expect(item).toMatchObject({
        id: approvalId,
        conversationId,
        calls: [
          { callId: 'r1', name: 'refund', arguments: { order: 'A1' }, decision: 'approve' },
          { callId: 'r2', name: 'refund', arguments: { order: 'B2' }, decision: 'deny' },
        ],
        decidedBy: { userId: 'user-1', guestId: null },
        comment: 'Only the first one.',
      })
      decidedWithin(item, before)
    })

    it('records a guest as the guest who decided', async () => {
      const guest = h.envelope({ guestId: 'guest-7' })
      h.provider.script({ toolCalls: [{ id: 'g1', name: 'refund', arguments: { order: 'C3' } }] }, { text: 'Refunded C3.' })
      const { conversationId, approvalId } = await askAndPause(h, 'refund C3', guest)
      const before = Date.now()
      expect((await events(await decide(h, conversationId, approvalId, { decision: 'approve', comment: 'Yes please.' }, guest))).at(-1)).toMatchObject({ type: 'done' })

      const item = await audited(conversationId)
      expect(item).toMatchObject({ calls: [{ callId: 'g1', decision: 'approve' }], decidedBy: { userId: null, guestId: 'guest-7' }, comment: 'Yes please.' })
      decidedWithin(item, before)
    })
  })
})
