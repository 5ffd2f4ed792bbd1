import { databaseTargets } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { until, useCluster, type Cluster, type Instance } from './setup.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL

const target = databaseTargets().find((candidate) => candidate.name === 'postgres')!
const skip = target.skip || (redisUrl ? false : 'skipped: CHATBOT_TEST_REDIS_URL not set')

// Two instances sharing Postgres and Redis, as a deployment behind a load balancer runs them.
describe.skipIf(skip)(skip || 'handoff across two instances sharing Postgres and Redis', () => {
  let cluster: Cluster
  let a: Instance
  let b: Instance
  useCluster(target, redisUrl, skip, async (started) => {
    cluster = started
    ;[a, b] = await Promise.all([cluster.start(), cluster.start()])
  })

  it('the whole state machine split over two instances: an agent reply on B reaches the stream open on A; no provider call while held', async () => {
    const token = a.envelope()
    const { conversationId } = await a.send(token, 'hello')
    const calls = cluster.provider.requests.length
    expect((await b.requestHandoff(conversationId, token)).status).toBe(200)
    const onA = await a.follow(conversationId, token)
    await until(() => onA.events.length === 1)

    await b.admin.handoff.claim({ conversationId, agent: 'Ada' })
    const { messageId } = await b.admin.handoff.reply({ conversationId, agent: 'Ada', text: 'Hello from B' })
    await until(() => onA.events.length === 3)
    expect(onA.events[2]!.data).toEqual({ type: 'agent_message', message_id: messageId, content: 'Hello from B', author: { kind: 'agent', name: 'Ada' } })

    const held = await a.send(token, 'hi Ada', conversationId)
    expect(held.events.at(-1)).toMatchObject({ finish_reason: 'handoff' })
    // The user's held turn on A does not take the conversation's stream from the handoff.
    const onB = await b.follow(conversationId, token)
    await until(() => onB.events.length === 3)
    expect(onB.events.map((event) => event.id)).toEqual(onA.events.map((event) => event.id))

    await a.admin.handoff.release({ conversationId, agent: 'Ada' })
    await Promise.all([onA.ended, onB.ended])
    expect(onB.events.at(-1)!.data).toEqual({ type: 'handoff', state: 'bot', agent: 'Ada' })
    expect(cluster.provider.requests.length).toBe(calls)
    expect((await b.send(token, 'bot again', conversationId)).events.at(-1)).toMatchObject({ finish_reason: 'stop' })
    expect(cluster.provider.requests.length).toBe(calls + 1)
  })

  it('two agents claiming at once on two instances: one wins, the other gets CONFLICT', async () => {
    for (let round = 0; round < 5; round += 1) {
      const token = a.envelope()
      const { conversationId } = await a.send(token, 'hello')
      await a.requestHandoff(conversationId, token)
      const results = await Promise.allSettled([a.admin.handoff.claim({ conversationId, agent: 'Ada' }), b.admin.handoff.claim({ conversationId, agent: 'Bob' })])
      const won = results.filter((result) => result.status === 'fulfilled')
      const lost = results.filter((result) => result.status === 'rejected')
      expect(won).toHaveLength(1)
      expect(lost.map((result) => (result.reason as { code: string }).code)).toEqual(['CONFLICT'])
      const detail = await b.admin.conversations.get({ id: conversationId })
      expect(detail.handoffChanges.filter((change) => change.to === 'human')).toHaveLength(1)
    }
  })

  it('the wait timeout, swept by both instances, expires the request once and tells a tab open on either', async () => {
    const token = a.envelope('quick')
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    const onB = await b.follow(conversationId, token)
    await onB.ended
    expect(onB.events.map((event) => event.data.type)).toEqual(['handoff', 'agent_message', 'handoff'])
    const history = await a.history(conversationId, token)
    expect(history.filter((message) => message.content === 'Nobody came.')).toHaveLength(1)
    expect((await a.admin.conversations.get({ id: conversationId })).handoffChanges.map((change) => change.actor)).toEqual(['user', 'timeout'])
  })
})
