import { databaseTargets } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { repliesPlugin } from '@chatbot-kit/plugin-replies'
import { handoffPlugin } from '../src/index.js'
import { until, useCluster, type Cluster, type Instance } from './setup.js'

const toolsOf = (cluster: Cluster, index: number) => (cluster.provider.requests[index]!.body.tools ?? []).map((tool) => tool.function.name)

describe('the built-in tool request_handoff', () => {
  let cluster: Cluster
  let a: Instance
  useCluster(databaseTargets().find((target) => target.name === 'sqlite')!, 'memory:', false, async (started) => {
    cluster = started
    a = await cluster.start()
  })

  it('is offered only on channels with handoff enabled, whatever allowedTools says', async () => {
    await a.send(a.envelope('plain'), 'hello')
    expect(toolsOf(cluster, cluster.provider.requests.length - 1)).not.toContain('request_handoff')
    await a.send(a.envelope(), 'hello')
    expect(toolsOf(cluster, cluster.provider.requests.length - 1)).toEqual(['request_handoff'])
  })

  it('the model calling it asks for a person: the turn goes on, its stream and every open tab say waiting, the next message is held', async () => {
    const token = a.envelope()
    const { conversationId } = await a.send(token, 'hello')
    cluster.provider.script({ toolCalls: [{ name: 'request_handoff', arguments: { reason: 'refund dispute' } }] }, { text: 'A person will answer here soon.' })
    const asked = await a.send(token, 'I want to talk to a human', conversationId)
    expect(asked.events.map((event) => event.type).filter((type) => type !== 'token')).toEqual(['context_summary', 'tool_started', 'handoff', 'tool_finished', 'done'])
    expect(asked.events.flatMap((event) => (event.type === 'token' ? [event.content] : [])).join('')).toBe('A person will answer here soon.')
    expect(asked.events.find((event) => event.type === 'handoff')).toEqual({ type: 'handoff', state: 'waiting' })
    expect(asked.events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    const tab = await a.follow(conversationId, token)
    await until(() => tab.events.length === 1)
    expect(tab.events[0]!.data).toEqual({ type: 'handoff', state: 'waiting' })
    const calls = cluster.provider.requests.length
    expect((await a.send(token, 'hello?', conversationId)).events.at(-1)).toMatchObject({ finish_reason: 'handoff' })
    expect(cluster.provider.requests.length).toBe(calls)
    expect((await a.admin.conversations.get({ id: conversationId })).handoffChanges).toEqual([expect.objectContaining({ from: 'bot', to: 'waiting', actor: 'model' })])
  })

  it('without the tools plugin: nothing offers it, and the request route still hands the conversation over', async () => {
    const bare = await cluster.start({ plugins: [repliesPlugin(), handoffPlugin()] })
    const token = bare.envelope()
    const { conversationId } = await bare.send(token, 'hello')
    expect(toolsOf(cluster, cluster.provider.requests.length - 1)).toEqual([])
    expect((await bare.requestHandoff(conversationId, token)).status).toBe(200)
    expect((await bare.send(token, 'still there?', conversationId)).events.find((event) => event.type === 'handoff')).toEqual({ type: 'handoff', state: 'waiting' })
  })
})
