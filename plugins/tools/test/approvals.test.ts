import { describe, expect, it } from 'vitest'
import { defineTool, listApprovals } from '../src/index.js'
import { askAndPause, decide } from './approval-steps.js'
import { ask, ofType, sent, startWithRefund } from './setup.js'
import { events } from '../../../packages/kernel/test/harness.js'

describe('tool approval', () => {
  it('pauses on a call that needs approval (the handler does not run), shows it in the history, and runs it once approved', async () => {
    const { h, refund } = await startWithRefund()
    h.provider.script({ text: 'One moment.', toolCalls: [{ id: 'call_r', name: 'refund', arguments: { order: 'A1' } }] }, { text: 'Refunded.' })
    const { stream, conversationId, approvalId, paused } = await askAndPause(h)
    expect(refund.calls).toEqual([])
    expect(ofType(stream, 'tool_started')).toEqual([])
    expect(paused.calls).toEqual([{ call_id: 'call_r', name: 'refund', arguments: { order: 'A1' } }])
    expect(Date.parse(paused.expires_at as string) - Date.now()).toBeGreaterThan(800_000)

    const history = (await (await h.history(conversationId, h.envelope())).json()) as { pending_approval: unknown; messages: { content: string }[] }
    expect(history.pending_approval).toEqual({ approval_id: approvalId, calls: paused.calls, expires_at: paused.expires_at })
    expect(history.messages.at(-1)!.content).toBe('One moment.')

    const response = await decide(h, conversationId, approvalId, { decision: 'approve', comment: 'ok by me' })
    expect(response.status).toBe(200)
    const continued = await events(response)
    expect(continued.map((event) => event.type).filter((type) => type !== 'token')).toEqual(['context_summary', 'tool_started', 'tool_finished', 'done'])
    expect(ofType(continued, 'token').map((event) => event.content).join('')).toBe('Refunded.')
    expect(continued[0]!.message_id).not.toBe(stream[0]!.message_id)
    expect(refund.calls.map((call) => [call.args, call.callId])).toEqual([[{ order: 'A1' }, 'call_r']])
    // The model's next round carries the call and its result under the call's id, once.
    const next = sent(h, 1).messages
    expect(next.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['refund A1'])
    expect(next.slice(-2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_r', type: 'function', function: { name: 'refund', arguments: '{"order":"A1"}' } }] },
      { role: 'tool', tool_call_id: 'call_r', content: '{"refunded":true}' },
    ])
    const after = (await (await h.history(conversationId, h.envelope())).json()) as { pending_approval: unknown; messages: { content: string }[] }
    expect(after.pending_approval).toBeNull()
    expect(after.messages.map((message) => message.content).slice(-3)).toEqual(['refund A1', 'One moment.', 'Refunded.'])

    // One decision only.
    const again = await decide(h, conversationId, approvalId, { decision: 'deny' })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ error: { code: 'approval_decided' } })
    expect(refund.calls).toHaveLength(1)
  })

  it('tells the model a denied call was declined, and the model answers', async () => {
    const { h, refund } = await startWithRefund()
    h.provider.script({ toolCalls: [{ id: 'call_r', name: 'refund', arguments: { order: 'A1' } }] }, { text: 'Understood, no refund.' })
    const { conversationId, approvalId } = await askAndPause(h)
    const continued = await events(await decide(h, conversationId, approvalId, { decision: 'deny' }))
    expect(refund.calls).toEqual([])
    expect(ofType(continued, 'tool_failed')).toEqual([{ type: 'tool_failed', call_id: 'call_r', name: 'refund', error: { code: 'tool_denied', message: 'You declined this call.' } }])
    expect(ofType(continued, 'tool_started')).toEqual([])
    const result = sent(h, 1).messages.at(-1)!
    expect(result).toMatchObject({ role: 'tool', tool_call_id: 'call_r' })
    expect(JSON.parse(result.content as string).error.code).toBe('tool_denied')
    expect(continued.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
  })

  it('runs the round’s calls that need no approval at once, and takes mixed decisions per call', async () => {
    const { h, refund, lookup } = await startWithRefund()
    h.provider.script(
      { toolCalls: [{ id: 'r1', name: 'refund', arguments: { order: 'A1' } }, { id: 'l1', name: 'lookup', arguments: { order: 'A1' } }, { id: 'r2', name: 'refund', arguments: { order: 'B2' } }] },
      { text: 'Done.' },
    )
    const { stream, conversationId, approvalId, paused } = await askAndPause(h)
    expect(lookup.calls.map((call) => call.callId)).toEqual(['l1'])
    expect(ofType(stream, 'tool_finished').map((event) => event.call_id)).toEqual(['l1'])
    expect((paused.calls as { call_id: string }[]).map((call) => call.call_id)).toEqual(['r1', 'r2'])

    const incomplete = await decide(h, conversationId, approvalId, { decisions: { r1: 'approve' } })
    expect(incomplete.status).toBe(422)
    expect(await incomplete.json()).toMatchObject({ error: { code: 'validation_failed' } })

    const continued = await events(await decide(h, conversationId, approvalId, { decisions: { r1: 'approve', r2: 'deny' } }))
    expect(refund.calls.map((call) => call.callId)).toEqual(['r1'])
    expect(ofType(continued, 'tool_failed').map((event) => [event.call_id, (event.error as { code: string }).code])).toEqual([['r2', 'tool_denied']])
    const tail = sent(h, 1).messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)
    expect(tail).toEqual(['l1', 'r1', 'r2'])

    const audit = await listApprovals(h.chatbot.db, {})
    expect(audit.items).toHaveLength(1)
    expect(audit.items[0]).toMatchObject({
      id: approvalId,
      conversationId,
      calls: [
        { callId: 'r1', name: 'refund', arguments: { order: 'A1' }, decision: 'approve' },
        { callId: 'r2', name: 'refund', arguments: { order: 'B2' }, decision: 'deny' },
      ],
      decidedBy: { userId: 'user-1', guestId: null },
      comment: null,
    })
    expect(audit.items[0]!.decidedAt).not.toBeNull()
  })

  it('answers 403 to another user, 404 for an unknown approval or conversation, 410 once expired (nothing runs)', async () => {
    const { h, refund } = await startWithRefund({ tools: { approvalTtl: 1 } })
    h.provider.script({ toolCalls: [{ id: 'call_r', name: 'refund', arguments: { order: 'A1' } }] })
    const { conversationId, approvalId } = await askAndPause(h)

    const stranger = await decide(h, conversationId, approvalId, { decision: 'approve' }, h.envelope({ userId: 'user-2' }))
    expect(stranger.status).toBe(403)
    const unknown = await decide(h, conversationId, '6f1c2f0e-8a57-4c57-9a51-0c1c3b1a9d10', { decision: 'approve' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: { code: 'approval_not_found' } })
    expect((await decide(h, '6f1c2f0e-8a57-4c57-9a51-0c1c3b1a9d10', approvalId, { decision: 'approve' })).status).toBe(404)
    expect((await decide(h, conversationId, approvalId, { decision: 'maybe' })).status).toBe(422)

    await new Promise((resolve) => setTimeout(resolve, 1100))
    const late = await decide(h, conversationId, approvalId, { decision: 'approve' })
    expect(late.status).toBe(410)
    expect(await late.json()).toMatchObject({ error: { code: 'approval_expired' } })
    expect(refund.calls).toEqual([])
    expect(((await (await h.history(conversationId, h.envelope())).json()) as { pending_approval: unknown }).pending_approval).toBeNull()
  })

  it('follows the channel’s toolApproval over the tool’s, the fluent scope over both, and a function per call (failing closed)', async () => {
    const checked: unknown[] = []
    const { h, refund } = await startWithRefund({ channels: { default: { allowedTools: ['refund', 'lookup'], toolApproval: { refund: 'auto', lookup: 'required' } } } }, (args) => {
      checked.push(args)
      return (args as { order: string }).order.startsWith('BIG')
    })
    h.provider.script({ toolCalls: [{ id: 'c1', name: 'refund', arguments: { order: 'A1' } }] }, { text: 'ok' })
    const auto = await ask(h, 'refund A1')
    expect(refund.calls).toHaveLength(1)
    expect(ofType(auto.stream, 'tool_approval_required')).toEqual([])
    // The channel's 'auto' beats the tool's function, which is not even asked.
    expect(checked).toEqual([])

    h.provider.script({ toolCalls: [{ id: 'c2', name: 'lookup', arguments: { order: 'A1' } }] })
    await askAndPause(h, 'where is A1')

    h.chatbot.channel('default').toolApproval({ lookup: 'auto' })
    h.provider.script({ toolCalls: [{ id: 'c3', name: 'lookup', arguments: { order: 'A1' } }] }, { text: 'shipped' })
    const fluent = await ask(h, 'where is A1 now')
    expect(ofType(fluent.stream, 'tool_approval_required')).toEqual([])
  })

  it('asks per call when the tool’s approval is a function, and asks when the function throws', async () => {
    let throws = false
    const { h, refund } = await startWithRefund({}, (args) => {
      if (throws) throw new Error('policy service down')
      return (args as { order: string }).order.startsWith('BIG')
    })
    h.provider.script({ toolCalls: [{ id: 'small', name: 'refund', arguments: { order: 'A1' } }] }, { text: 'ok' })
    const small = await ask(h, 'refund A1')
    expect(ofType(small.stream, 'tool_approval_required')).toEqual([])
    expect(refund.calls.map((call) => call.callId)).toEqual(['small'])

    h.provider.script({ toolCalls: [{ id: 'big', name: 'refund', arguments: { order: 'BIG-9' } }] })
    await askAndPause(h, 'refund BIG-9')
    throws = true
    h.provider.script({ toolCalls: [{ id: 'odd', name: 'refund', arguments: { order: 'A2' } }] })
    await askAndPause(h, 'refund A2')
    expect(refund.calls.map((call) => call.callId)).toEqual(['small'])
  })

  it('reads only the channel’s own toolApproval entries: a tool named like an Object method still waits', async () => {
    const { h } = await startWithRefund({ channels: { default: { allowedTools: ['constructor'] } } })
    h.chatbot.registerTool(defineTool({ name: 'constructor', description: 'Builds', parameters: { type: 'object' }, approval: 'required', handler: () => 'built' }))
    h.provider.script({ toolCalls: [{ id: 'c1', name: 'constructor', arguments: {} }] })
    await askAndPause(h, 'build it')
  })
})
