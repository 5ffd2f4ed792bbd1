import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, type ChatMessage, type PluginApi } from '@chatbot-kit/kernel'
import { getRequestEnvelope, prepareRequestEnvelope, readJsonObject } from '@chatbot-kit/kernel/plugin'
import { getRouterParam } from 'h3'
import { createHarness, events, type Harness } from './harness.js'

// `turn.pause()` and `api.continueTurn()`: the kernel's part of a turn that waits (the tools
// plugin's approvals), shown with a plugin of the test's own that knows nothing of tools.

const PAUSED = { role: 'assistant', content: 'Noted: "pause me".' } as const
/** `turn.state.note` of each continuation, as its `turn:prompt` saw it. */
const continuations: unknown[] = []

/** Pauses a turn whose message is `pause me` before the provider is called; its route continues it with a note. */
const pauser = definePlugin({
  name: 'pauser',
  setup(api: PluginApi) {
    api.hooks.hook('turn:prompt', (turn) => {
      if (turn.continuation) continuations.push([turn.message, turn.state.note])
      else if (turn.message === 'pause me') turn.pause('waiting_for_test')
    })
    api.route({
      name: 'test.continue',
      method: 'POST',
      path: '/conversations/:id/continue',
      stateful: true,
      prepare: async (event) => {
        const body = await readJsonObject(event)
        ;(event.context as Record<string, unknown>).omit = body.omit
        return prepareRequestEnvelope((token) => api.verifyRequestEnvelope(token), event, body.signed_context, 'field')
      },
      async handler(event) {
        const envelope = getRequestEnvelope(event)!
        const conversation = await api.ownedConversation(getRouterParam(event, 'id') ?? '', envelope)
        const messages: ChatMessage[] = [PAUSED]
        return api.continueTurn(event, { envelope, conversation, messages, omitMessageId: (event.context as Record<string, string>).omit, state: { note: 'from the route' } })
      },
    })
  },
})

let h: Harness | undefined
afterEach(() => h?.close())

describe('a paused turn and its continuation', () => {
  it('pauses: the reply so far is stored complete with the finish reason, which done carries; the continuation streams a new reply from history plus the carried messages', async () => {
    h = await createHarness('socket', { plugins: [pauser] })
    const response = await h.post({ signed_context: h.envelope(), message: 'pause me' })
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    const paused = await events(response)
    expect(paused.map((event) => event.type)).toEqual(['context_summary', 'done'])
    expect(paused[1]).toMatchObject({ finish_reason: 'waiting_for_test', message_id: paused[0]!.message_id })
    expect(h.provider.requests).toHaveLength(0)

    h.provider.script({ text: 'Carried on.' })
    const continued = await h.request(`/chatbot/conversations/${conversationId}/continue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: h.envelope(), omit: paused[0]!.message_id }),
    })
    expect(continued.status).toBe(200)
    expect(continued.headers.get('x-chatbot-conversation-id')).toBe(conversationId)
    const stream = await events(continued)
    expect(stream[0]!.type).toBe('context_summary')
    expect(stream[0]!.message_id).not.toBe(paused[0]!.message_id)
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    expect(continuations).toEqual([['', 'from the route']])

    // History (the user message; the empty paused reply left out) then the carried messages.
    const sent = h.provider.requests[0]!.body.messages.filter((message) => message.role !== 'system')
    expect(sent).toEqual([{ role: 'user', content: 'pause me' }, PAUSED])
    const history = (await (await h.history(conversationId, h.envelope())).json()) as { messages: { role: string; content: string }[] }
    expect(history.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'pause me'],
      ['assistant', ''],
      ['assistant', 'Carried on.'],
    ])
  })

  it('refuses a continuation of someone else’s conversation before anything streams', async () => {
    h = await createHarness('socket', { plugins: [pauser] })
    const response = await h.post({ signed_context: h.envelope(), message: 'pause me' })
    const conversationId = response.headers.get('x-chatbot-conversation-id')!
    await events(response)
    const stranger = await h.request(`/chatbot/conversations/${conversationId}/continue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: h.envelope({ userId: 'user-2' }) }),
    })
    expect(stranger.status).toBe(403)
    expect(h.provider.requests).toHaveLength(0)
  })
})
