import { describe, expect, it } from 'vitest'
import { ChatbotException, definePlugin } from '@chatbot-kit/kernel'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { findApproval } from '../src/index.js'
import { BUDGET_SPENT_NOTE } from '../src/offer.js'
import { askAndPause, decide } from './approval-steps.js'
import { ofType, sent, startWithRefund } from './setup.js'
import { events } from '../../../packages/kernel/test/harness.js'

// A continuation (the approvals route) is held to a message's limits (contract §9.2).

describe('a continuation’s limits', () => {
  it('counts a decision against the throttle as a message: refused with 429 before anything is decided or run', async () => {
    const { h, refund } = await startWithRefund({ plugins: [throttlePlugin()], throttle: { perMinute: 1, perDay: 100 } })
    h.provider.script({ toolCalls: [{ id: 'call_r', name: 'refund', arguments: { order: 'A1' } }] })
    const { conversationId, approvalId } = await askAndPause(h)
    const refused = await decide(h, conversationId, approvalId, { decision: 'approve' })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ error: { code: 'throttled' } })
    expect((await findApproval(h.chatbot.db, approvalId))!.decidedAt).toBeNull()
    expect(refund.calls).toEqual([])
  })

  it('gives the decision back when the continuation fails before its calls run (a quota refusal), so the user can decide again', async () => {
    let refuse = true
    // Like the quota plugin: it refuses in turn:prompt, before the tools plugin's listener.
    const quotaLike = definePlugin({
      name: 'quota-like',
      enforce: 'pre',
      hooks: { 'turn:prompt': (turn) => { if (turn.continuation && refuse) throw new ChatbotException('Spent for today.', { code: 'quota_exceeded', status: 429 }) } },
    })
    const { h, refund } = await startWithRefund({ plugins: [quotaLike] })
    h.provider.script({ toolCalls: [{ id: 'call_r', name: 'refund', arguments: { order: 'A1' } }] }, { text: 'Refunded.' })
    const { conversationId, approvalId } = await askAndPause(h)
    const failed = await events(await decide(h, conversationId, approvalId, { decision: 'approve' }))
    expect(failed.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
    expect(refund.calls).toEqual([])
    const history = (await (await h.history(conversationId, h.envelope())).json()) as { pending_approval: { approval_id: string } | null }
    expect(history.pending_approval?.approval_id).toBe(approvalId)
    expect((await findApproval(h.chatbot.db, approvalId))!.calls.map((call) => call.decision)).toEqual([null])

    refuse = false
    const continued = await events(await decide(h, conversationId, approvalId, { decision: 'approve' }))
    expect(continued.at(-1)).toMatchObject({ type: 'done' })
    expect(refund.calls).toHaveLength(1)
  })

  it('counts the paused turn’s calls against tools.maxCallsPerTurn', async () => {
    const { h, refund, lookup } = await startWithRefund({ tools: { maxCallsPerTurn: 3 } })
    h.provider.script(
      { toolCalls: [{ id: 'l1', name: 'lookup', arguments: { order: 'A1' } }, { id: 'r1', name: 'refund', arguments: { order: 'A1' } }] },
      { toolCalls: [{ id: 'l2', name: 'lookup', arguments: { order: 'B2' } }, { id: 'l3', name: 'lookup', arguments: { order: 'C3' } }] },
      { text: 'Done.' },
    )
    const { conversationId, approvalId } = await askAndPause(h)
    const continued = await events(await decide(h, conversationId, approvalId, { decision: 'approve' }))
    // Two calls before the pause leave one: l2 runs, l3 is refused and the tools are withdrawn.
    expect(refund.calls.map((call) => call.callId)).toEqual(['r1'])
    expect(lookup.calls.map((call) => call.callId)).toEqual(['l1', 'l2'])
    expect(ofType(continued, 'tool_failed')).toEqual([
      { type: 'tool_failed', call_id: 'l3', name: 'lookup', error: { code: 'tool_budget_exhausted', message: 'This message may use at most 3 tool calls.' } },
    ])
    expect(sent(h, 2).tools).toBeUndefined()
    expect(sent(h, 2).messages.at(-1)).toEqual({ role: 'system', content: BUDGET_SPENT_NOTE })
    expect(continued.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
  })

  it('ends a continuation whose model hangs at streamDuration with stream_timeout, the approved call having run', async () => {
    const { h, refund } = await startWithRefund({ streamDuration: 1, provider: { retries: 0 } })
    h.provider.script({ toolCalls: [{ id: 'call_r', name: 'refund', arguments: { order: 'A1' } }] }, { chunks: ['Refunding ', 'never'], hangAfterChunks: 1 })
    const { conversationId, approvalId } = await askAndPause(h)
    const started = Date.now()
    const continued = await events(await decide(h, conversationId, approvalId, { decision: 'approve' }))
    expect(continued.at(-1)).toMatchObject({ type: 'error', code: 'stream_timeout', retryable: true })
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    expect(refund.calls).toHaveLength(1)
    const history = (await (await h.history(conversationId, h.envelope())).json()) as { messages: { content: string; status: string }[] }
    expect(history.messages.at(-1)).toMatchObject({ content: 'Refunding ', status: 'incomplete' })
  })
})
