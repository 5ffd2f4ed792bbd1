import { TRPCError } from '@trpc/server'
import { describeEachDatabase } from '@chatbot-kit/test-utils'
import { expect, it } from 'vitest'
import type { AdminEvent } from '@chatbot-kit/admin'
import { handoffRouter } from '../src/admin/handoff-router.js'
import { sleep, until, useCluster, type Cluster, type Instance } from './setup.js'

describeEachDatabase('handoff state machine', { label: 'one instance, over a real socket' }, (target) => {
  let cluster: Cluster
  let a: Instance
  useCluster(target, 'memory:', false, async (started) => {
    cluster = started
    a = await cluster.start()
  })

  it('bot → waiting → human → bot: held messages reach no provider, agents reach every open stream, history names authors', async () => {
    const token = a.envelope()
    const first = await a.send(token, 'hello')
    const { conversationId } = first
    expect(first.events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    const calls = cluster.provider.requests.length

    const requested = await a.requestHandoff(conversationId, token)
    expect(requested.status).toBe(200)
    expect(await requested.json()).toEqual({ state: 'waiting', agent: null })
    const tab = await a.follow(conversationId, token)
    expect(tab.status).toBe(200)
    await until(() => tab.events.length === 1)
    expect(tab.events[0]!.data).toEqual({ type: 'handoff', state: 'waiting' })

    const held = await a.send(token, 'is anyone there?', conversationId)
    expect(held.events.map((event) => event.type)).toEqual(['context_summary', 'handoff', 'done'])
    expect(held.events[1]).toEqual({ type: 'handoff', state: 'waiting' })
    expect(held.events[2]).toMatchObject({ finish_reason: 'handoff', usage: { input_tokens: 0, output_tokens: 0 } })

    expect(await a.admin.handoff.claim({ conversationId, agent: 'Ada' })).toEqual({ state: 'human', agent: 'Ada' })
    const reply = await a.admin.handoff.reply({ conversationId, agent: 'Ada', text: 'Hi, Ada here.' })
    await until(() => tab.events.length === 3)
    expect(tab.events.slice(1).map((event) => event.data)).toEqual([
      { type: 'handoff', state: 'human', agent: 'Ada' },
      { type: 'agent_message', message_id: reply.messageId, content: 'Hi, Ada here.', author: { kind: 'agent', name: 'Ada' } },
    ])
    // Ids as a reply's: one entry, seq from 1 with no gaps.
    const [session] = tab.events[0]!.id.split(':')
    expect(tab.events.map((event) => event.id)).toEqual([1, 2, 3].map((seq) => `${session}:${seq}`))

    const whileHuman = await a.send(token, 'thanks Ada', conversationId)
    expect(whileHuman.events[1]).toEqual({ type: 'handoff', state: 'human', agent: 'Ada' })
    expect(cluster.provider.requests.length).toBe(calls)

    // A reload: everything after the last id seen, then live.
    const reloaded = await a.follow(conversationId, token, tab.events[1]!.id)
    await until(() => reloaded.events.length === 1)
    expect(reloaded.events[0]!.id).toBe(`${session}:3`)

    expect(await a.admin.handoff.release({ conversationId, agent: 'Ada' })).toEqual({ state: 'bot' })
    await Promise.all([tab.ended, reloaded.ended])
    expect(tab.events.at(-1)!.data).toEqual({ type: 'handoff', state: 'bot', agent: 'Ada' })

    const back = await a.send(token, 'and now the bot', conversationId)
    expect(back.events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    expect(cluster.provider.requests.length).toBe(calls + 1)
    // The model sees the person's message as an assistant message.
    expect(JSON.stringify(cluster.provider.requests.at(-1))).toContain('Hi, Ada here.')

    const history = await a.history(conversationId, token)
    expect(history.map((message) => [message.role, message.content, message.author])).toEqual([
      ['user', 'hello', { kind: 'user' }],
      ['assistant', history[1]!.content, { kind: 'bot' }],
      ['user', 'is anyone there?', { kind: 'user' }],
      ['assistant', 'Hi, Ada here.', { kind: 'agent', name: 'Ada' }],
      ['user', 'thanks Ada', { kind: 'user' }],
      ['user', 'and now the bot', { kind: 'user' }],
      ['assistant', history[6]!.content, { kind: 'bot' }],
    ])

    const detail = await a.admin.conversations.get({ id: conversationId })
    expect(detail.handoffChanges.map((change) => [change.from, change.to, change.actor, change.agent])).toEqual([
      ['bot', 'waiting', 'user', null],
      ['waiting', 'human', 'agent', 'Ada'],
      ['human', 'bot', 'agent', 'Ada'],
    ])
    expect(detail.messages.find((message) => message.content === 'Hi, Ada here.')!.agent).toBe('Ada')
  })

  it('a claim of a conversation another agent holds is CONFLICT; reply and release need the holder', async () => {
    const token = a.envelope()
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    await a.admin.handoff.claim({ conversationId, agent: 'Ada' })
    // Claiming again is no change.
    expect(await a.admin.handoff.claim({ conversationId, agent: 'Ada' })).toEqual({ state: 'human', agent: 'Ada' })
    for (const call of [() => a.admin.handoff.claim({ conversationId, agent: 'Bob' }), () => a.admin.handoff.reply({ conversationId, agent: 'Bob', text: 'hi' }), () => a.admin.handoff.release({ conversationId, agent: 'Bob' })]) {
      await expect(call()).rejects.toSatisfy((error: unknown) => error instanceof TRPCError && error.code === 'CONFLICT' && error.message === 'Ada holds this conversation.')
    }
    await expect(a.admin.handoff.claim({ conversationId: crypto.randomUUID(), agent: 'Ada' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(a.admin.handoff.claim({ conversationId })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    const listed = await a.admin.handoff.list({ state: 'human' })
    expect(listed.items.find((item) => item.conversationId === conversationId)).toMatchObject({ channel: 'default', state: 'human', agent: 'Ada', webhookFailedAt: null })
    await a.admin.handoff.release({ conversationId, agent: 'Ada' })
    expect((await a.admin.handoff.list()).items.find((item) => item.conversationId === conversationId)).toBeUndefined()
  })

  it('a name the host’s authorize sets is the agent; another typed name is FORBIDDEN and changes nothing', async () => {
    const token = a.envelope()
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    const asGrace = handoffRouter.createCaller({ chatbot: a.chatbot, trusted: true, event: { context: { handoffAgent: ' Grace ' } } as unknown as AdminEvent })
    await expect(asGrace.claim({ conversationId, agent: 'Ada' })).rejects.toSatisfy((error: unknown) => error instanceof TRPCError && error.code === 'FORBIDDEN' && /names you Grace/.test(error.message))
    expect((await a.admin.handoff.list()).items.find((item) => item.conversationId === conversationId)).toMatchObject({ state: 'waiting', agent: null })
    expect(await asGrace.claim({ conversationId })).toEqual({ state: 'human', agent: 'Grace' })
    expect(await asGrace.claim({ conversationId, agent: 'Grace' })).toEqual({ state: 'human', agent: 'Grace' })
    await expect(asGrace.reply({ conversationId, agent: 'Ada', text: 'as Ada' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(asGrace.release({ conversationId, agent: 'Ada' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await asGrace.release({ conversationId })
  })

  it('waitTimeout: nobody claims, the conversation is the bot’s again and the user is told, live and in history', async () => {
    const token = a.envelope('quick')
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    const tab = await a.follow(conversationId, token)
    await until(() => tab.events.length === 1)
    await tab.ended
    expect(tab.events.map((event) => event.data)).toEqual([
      { type: 'handoff', state: 'waiting' },
      { type: 'agent_message', message_id: expect.any(String), content: 'Nobody came.', author: { kind: 'bot' } },
      { type: 'handoff', state: 'bot' },
    ])
    const calls = cluster.provider.requests.length
    const answered = await a.send(token, 'ok then', conversationId)
    expect(answered.events.at(-1)).toMatchObject({ finish_reason: 'stop' })
    expect(cluster.provider.requests.length).toBe(calls + 1)
    const history = await a.history(conversationId, token)
    expect(history[2]).toMatchObject({ role: 'assistant', content: 'Nobody came.', author: { kind: 'bot' } })
    expect((await a.admin.conversations.get({ id: conversationId })).handoffChanges.at(-1)).toMatchObject({ from: 'waiting', to: 'bot', actor: 'timeout' })
  })

  it('a message past the wait timeout, before any sweep, finds the conversation the bot’s (the check on read)', async () => {
    const token = a.envelope('quick')
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    await sleep(1050)
    const calls = cluster.provider.requests.length
    const answered = await a.send(token, 'still there?', conversationId)
    expect(answered.events.at(-1)).toMatchObject({ finish_reason: 'stop' })
    expect(cluster.provider.requests.length).toBe(calls + 1)
    expect((await a.history(conversationId, token)).filter((message) => message.content === 'Nobody came.')).toHaveLength(1)
  })

  it('refuses a request on a channel without handoff (403, JSON naming it) and another’s conversation (403)', async () => {
    const token = a.envelope('plain')
    const { conversationId } = await a.send(token, 'hello')
    const refused = await a.requestHandoff(conversationId, token)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: { code: 'handoff_not_enabled', message: 'This channel does not offer a person to talk to.' } })
    const mine = await a.send(a.envelope(), 'hello')
    const other = a.chatbot.mintEnvelope({ route: 'test.page', channel: 'default', userId: 'someone-else' })
    const foreign = await a.requestHandoff(mine.conversationId, other)
    expect(foreign.status).toBe(403)
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('forbidden')
  })
})
