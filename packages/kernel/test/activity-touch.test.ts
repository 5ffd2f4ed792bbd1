import { afterEach, beforeEach, expect, it } from 'vitest'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from './harness.js'

// A continued turn moves its conversation's activity to its user message (on Postgres in the
// message's own statement, one WAL flush before the first token; see docs/performance.md).
describeEachDatabase('a continued turn', { label: 'last_activity_at' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  beforeEach(async () => {
    created = await target.create()
    h = await createHarness('socket', { database: created.database })
  })
  afterEach(async () => {
    await h.close()
    await created.drop()
  })

  it('stores the user message and moves the conversation activity to it', async () => {
    const token = h.envelope({ userId: 'toucher' })
    h.provider.script({ text: 'First answer' })
    const first = await h.post({ signed_context: token, message: 'First question' })
    const id = first.headers.get('x-chatbot-conversation-id')!
    await events(first)
    const started = await h.chatbot.db.selectFrom('conversations').select('last_activity_at').where('public_id', '=', id).executeTakeFirstOrThrow()
    h.provider.script({ text: 'Second answer' })
    await events(await h.post({ signed_context: token, message: 'Second question', conversation_id: id }))

    const conversation = await h.chatbot.db.selectFrom('conversations').select(['id', 'last_activity_at']).where('public_id', '=', id).executeTakeFirstOrThrow()
    const second = await h.chatbot.db.selectFrom('messages').select('created_at').where('conversation_id', '=', conversation.id).where('content', '=', 'Second question').executeTakeFirstOrThrow()
    expect(new Date(conversation.last_activity_at).getTime()).toBe(new Date(second.created_at).getTime())
    expect(new Date(conversation.last_activity_at).getTime()).toBeGreaterThanOrEqual(new Date(started.last_activity_at).getTime())
  })
})
