import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAdminCaller } from '@chatbot-kit/admin'
import { handoffPlugin } from '@chatbot-kit/plugin-handoff'
import { repliesPlugin } from '@chatbot-kit/plugin-replies'
import { toolsPlugin } from '@chatbot-kit/plugin-tools'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { events, type Harness } from '../../../packages/kernel/test/harness.js'
import { feedbackByDay } from '../src/index.js'
import { ask, history, outcome, rate, start, storedFeedback } from './setup.js'

// Contract §9.4 with §11.3: only the assistant's replies are rated, not what a person wrote in a
// handoff, nor the empty reply of a turn held for one. Over a real socket, on each dialect.

describeEachDatabase('rating in a handoff', { label: 'over a real socket' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  beforeAll(async () => {
    created = await target.create()
    h = await start(created, { channels: { default: { handoff: { enabled: true } } }, plugins: [repliesPlugin(), toolsPlugin(), handoffPlugin()] })
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
  })

  it("403 forbidden for a person's message and a held turn's reply; nothing stored, the counts unchanged; the bot's reply still rated", async () => {
    const token = h.envelope({ userId: 'handoff-rater' })
    const { conversationId, replyId } = await ask(h, token)
    const requested = await h.request(`/chatbot/conversations/${conversationId}/handoff`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token }) })
    expect(requested.status).toBe(200)
    const held = (await events(await h.post({ signed_context: token, message: 'Is anyone there?', conversation_id: conversationId }))).at(-1)!
    expect(held).toMatchObject({ type: 'done', finish_reason: 'handoff' })
    const admin = createAdminCaller(h.chatbot)
    await admin.handoff.claim({ conversationId, agent: 'Ada' })
    const { messageId: agentMessageId } = await admin.handoff.reply({ conversationId, agent: 'Ada', text: 'Hi, Ada here.' })

    const today = new Date().toISOString().slice(0, 10)
    const counts = () => feedbackByDay(h.chatbot.db, { from: today, to: today })
    const [rowsBefore, countsBefore] = [await storedFeedback(h), await counts()]

    const refused = await rate(h, agentMessageId, { signed_context: token, rating: 'down', comment: 'Ada was rude.' })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).toContain('application/json')
    expect(await refused.json()).toEqual({ error: { code: 'forbidden', message: "Only the assistant's replies can be rated; a person wrote this message." } })
    expect(await outcome(await rate(h, agentMessageId, { signed_context: token, rating: 'up' }))).toEqual([403, 'forbidden'])
    const heldReply = await rate(h, held.message_id as string, { signed_context: token, rating: 'up' })
    expect(await heldReply.json()).toEqual({ error: { code: 'forbidden', message: "Only the assistant's replies can be rated; this turn was held for a person and has none." } })
    // Ownership is checked first: a stranger learns nothing about the message.
    expect(await outcome(await rate(h, agentMessageId, { signed_context: h.envelope({ userId: 'someone-else' }), rating: 'up' }))).toEqual([403, 'forbidden'])
    expect(await storedFeedback(h)).toEqual(rowsBefore)
    expect(await counts()).toEqual(countsBefore)

    // History: the person's message has no `feedback` (it cannot be rated), the bot's reply has.
    const elements = await history(h, conversationId, token)
    expect(elements.find((element) => element.id === agentMessageId)).toMatchObject({ role: 'assistant', author: { kind: 'agent', name: 'Ada' } })
    expect(elements.find((element) => element.id === agentMessageId)).not.toHaveProperty('feedback')
    expect(elements.find((element) => element.id === replyId)).toMatchObject({ feedback: null })

    // The bot's reply of the same conversation is rated as ever, and counted.
    expect((await rate(h, replyId, { signed_context: token, rating: 'up' })).status).toBe(204)
    const up = (countsBefore.find((day) => day.day === today)?.up ?? 0) + 1
    expect(await counts()).toEqual([expect.objectContaining({ day: today, up })])
  })
})
