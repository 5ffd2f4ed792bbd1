import { randomUUID } from 'node:crypto'
import { createConversation, type Conversation } from '@chatbot-kit/kernel'
import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { describeEachDatabase } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReplyLog } from '../src/index.js'
import { insertDrafts } from '../src/storage/drafts.repository.js'
import { beatInstance } from '../src/storage/instances.repository.js'
import { parseFrames, readStream } from './frames.js'
import { createCluster, STORES, type Cluster, type Instance } from './setup.js'

const MINUTE_AGO = () => new Date(Date.now() - 60_000)

/** A conversation of user-1 with its user message stored, as a turn leaves it before the reply. */
async function conversationWithQuestion(instance: Instance): Promise<Conversation> {
  const conversation = await createConversation(instance.chatbot.db, { channel: 'default', owner: { userId: 'user-1' }, routeName: 'test.page' })
  await insertMessage(instance.chatbot.db, { conversationId: conversation.id, role: 'user', content: 'Tell me', routeName: 'test.page', contextHash: null, tokenCount: 2 })
  return conversation
}

/**
 * The draft an instance left, written a minute ago, under an instance that is `dead` (its last
 * heartbeat a minute old), `gone` (no row: it shut down) or `alive` (its heartbeat just now).
 */
async function leaveDraft(instance: Instance, conversation: Conversation, content: string, options: { replyId?: string; instance?: 'dead' | 'gone' | 'alive' } = {}) {
  const { replyId = randomUUID(), instance: state = 'dead' } = options
  const instanceId = randomUUID()
  if (state !== 'gone') await beatInstance(instance.chatbot.db, instanceId, state === 'dead' ? MINUTE_AGO() : new Date())
  await insertDrafts(instance.chatbot.db, [{ replyId, instanceId, conversationId: conversation.id, routeName: 'test.page', contextHash: null, content, startedAt: MINUTE_AGO(), now: MINUTE_AGO() }])
  return { replyId, instanceId }
}

const tables = (instance: Instance) => instance.chatbot.db.withTables<{ replies_in_progress: { reply_id: string }; replies_instances: { instance_id: string } }>()
const draftsOf = (instance: Instance) => tables(instance).selectFrom('replies_in_progress').select('reply_id').execute()
const instancesOf = (instance: Instance) => tables(instance).selectFrom('replies_instances').select('instance_id').execute()

const storedReplies = (instance: Instance, conversation: Conversation) =>
  instance.chatbot.db.selectFrom('messages').select(['public_id', 'content', 'status', 'finish_reason']).where('conversation_id', '=', conversation.id).where('role', '=', 'assistant').execute()

describeEachDatabase('repairing replies whose instance died', { label: 'at start-up' }, (target) => {
  let cluster: Cluster
  let first: Instance
  beforeAll(async () => {
    cluster = await createCluster(target, 'memory:')
    first = await cluster.start()
  })
  afterAll(() => cluster?.close())

  it("stores a dead instance's draft as the reply, incomplete with reply_interrupted, and deletes the draft and the instance; a resume answers 204", async () => {
    const conversation = await conversationWithQuestion(first)
    const { replyId, instanceId } = await leaveDraft(first, conversation, 'Half an ans')
    expect((await instancesOf(first)).map((row) => row.instance_id)).toContain(instanceId)
    const token = first.envelope()
    // Not repaired yet: history already says it will not go on.
    expect((await first.history(conversation.publicId, token)).at(-1)).toMatchObject({ id: replyId, content: 'Half an ans', status: 'incomplete' })

    const restarted = await cluster.start()
    expect(await storedReplies(restarted, conversation)).toEqual([{ public_id: replyId, content: 'Half an ans', status: 'incomplete', finish_reason: 'reply_interrupted' }])
    expect(await draftsOf(restarted)).toEqual([])
    expect((await instancesOf(restarted)).map((row) => row.instance_id)).not.toContain(instanceId)
    expect((await restarted.history(conversation.publicId, token)).map((message) => [message.role, message.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'incomplete'],
    ])
    expect((await restarted.resume(conversation.publicId, token)).status).toBe(204)
  })

  it('stores nothing for an empty draft, and nothing twice for a reply stored before its instance died (whose row is gone)', async () => {
    const empty = await conversationWithQuestion(first)
    await leaveDraft(first, empty, '', { instance: 'gone' })
    const stored = await conversationWithQuestion(first)
    const storedId = randomUUID()
    await insertMessage(first.chatbot.db, { publicId: storedId, conversationId: stored.id, role: 'assistant', content: 'All of it.', routeName: 'test.page', contextHash: null, tokenCount: 3 })
    await leaveDraft(first, stored, 'All of', { replyId: storedId, instance: 'gone' })

    const restarted = await cluster.start()
    expect(await storedReplies(restarted, empty)).toEqual([])
    expect(await storedReplies(restarted, stored)).toEqual([{ public_id: storedId, content: 'All of it.', status: 'complete', finish_reason: null }])
    expect(await draftsOf(restarted)).toEqual([])
  })

  it("leaves alone the draft of an instance whose heartbeat is recent, however old the draft's own write", async () => {
    const conversation = await conversationWithQuestion(first)
    const { replyId } = await leaveDraft(first, conversation, 'Still goi', { instance: 'alive' })
    const restarted = await cluster.start()
    expect(await storedReplies(restarted, conversation)).toEqual([])
    expect((await restarted.history(conversation.publicId, restarted.envelope())).at(-1)).toMatchObject({ id: replyId, content: 'Still goi', status: 'streaming' })
    // Not for the other tests: they expect no draft left.
    await tables(restarted).deleteFrom('replies_in_progress').where('reply_id', '=', replyId).execute()
  })
})

const redis = STORES.find((store) => store.name === 'redis')!

describe.skipIf(redis.skip)(redis.skip || 'repair with the Redis replay log', () => {
  describeEachDatabase('repairing a reply followed on another instance', { label: 'ends the follower' }, (target) => {
    let cluster: Cluster
    beforeAll(async () => {
      cluster = await createCluster(target, redis.storage)
    })
    afterAll(() => cluster?.close())

    it('ends its open streams with a reply_interrupted error event, framed as the kernel frames', async () => {
      const a = await cluster.start()
      const conversation = await conversationWithQuestion(a)
      const replyId = randomUUID()
      // The dead instance's part of the log: two frames, no terminal one.
      const dead = await createReplyLog(redis.storage, { resumeWindowSeconds: 600, abandonedAfterSeconds: 600, logger: { warn() {}, info() {} } })
      dead.begin(replyId, conversation.publicId)
      dead.append(replyId, 1, `id: ${replyId}:1\ndata: {"type":"token","content":"Half "}\n\n`, false)
      dead.append(replyId, 2, `id: ${replyId}:2\ndata: {"type":"token","content":"an ans"}\n\n`, false)
      await dead.close()

      const token = a.envelope()
      const follow = readStream(await a.resume(conversation.publicId, token))
      await leaveDraft(a, conversation, 'Half an ans', { replyId })
      await cluster.start()
      const { frames } = await follow
      expect(frames.map((frame) => frame.id)).toEqual([1, 2, 3].map((seq) => `${replyId}:${seq}`))
      expect(frames.at(-1)!.event).toEqual({ type: 'error', code: 'reply_interrupted', message: expect.any(String), retryable: true, conversation_id: conversation.publicId })
      // A later resume replays it and ends, rather than waiting.
      expect(parseFrames((await readStream(await a.resume(conversation.publicId, token, { lastEventId: `${replyId}:2` }))).text).map((frame) => frame.seq)).toEqual([3])
      expect(await storedReplies(a, conversation)).toEqual([{ public_id: replyId, content: 'Half an ans', status: 'incomplete', finish_reason: 'reply_interrupted' }])
    })
  })
})
