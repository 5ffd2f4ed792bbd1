import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { readSse } from '@chatbot-kit/test-utils'
import { builtinPlugins } from 'chatbot-kit'
import { startPlayground, type PlaygroundServer } from './playground-server.js'

// The playground's support channel allows 10 messages a minute (playground/chatbot.config.ts).
// A visitor exploring it, over HTTP as the widget does, sends its 10 messages and around them
// loads the history, rates replies, stops one and resumes: none of that is refused, and the
// 11th message of the minute still is. The throttle's clock is held inside one minute, so the
// window cannot turn over in the middle of the test.

type StreamEvent = { type: string } & Record<string, unknown>

describe('exploring the playground’s support channel', () => {
  let playground: PlaygroundServer
  // 30 s into a minute, for as long as the test runs.
  const minute = Math.floor(Date.now() / 60_000) * 60_000 + 30_000
  const throttle = throttlePlugin({ now: () => minute })

  beforeAll(async () => {
    playground = await startPlayground({ adminToken: 'playground-throttle-token', plugins: builtinPlugins().map((plugin) => (plugin.name === 'throttle' ? throttle : plugin)) })
  })

  afterAll(async () => {
    await playground?.close()
  })

  it('lets a visitor load, rate, stop and resume around 10 messages in a minute, and refuses the 11th message', async () => {
    const { chatbot, provider } = playground
    expect(chatbot.config.plugins).toContain(throttle)
    expect(chatbot.settings('support').throttle.perMinute).toBe(10)
    const signed_context = chatbot.mintEnvelope({ guestId: 'explorer', route: 'playground.home', channel: 'support' })
    const url = (path: string) => `${playground.url}/chatbot${path}`
    const post = (path: string, body: Record<string, unknown>) => fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context, ...body }) })
    const statuses: string[] = []
    const expectStatus = async (label: string, response: Response, status: number) => {
      statuses.push(`${label} ${response.status}`)
      expect(response.status, `${label}: ${response.status === 200 ? '' : await response.clone().text()}`).toBe(status)
      return response
    }
    let conversationId: string | undefined
    const message = async (text: string) => {
      const response = await expectStatus(`message "${text}"`, await post('/messages', { message: text, ...(conversationId ? { conversation_id: conversationId } : {}) }), 200)
      conversationId = response.headers.get('x-chatbot-conversation-id')!
      return response
    }
    const reload = async () => {
      // What the widget does on a page load: the history, then the latest reply (204 when none is resumable).
      await expectStatus('history', await fetch(url(`/conversations/${conversationId}/messages?signed_context=${encodeURIComponent(signed_context)}`)), 200)
      const resumed = await fetch(url(`/conversations/${conversationId}/stream?signed_context=${encodeURIComponent(signed_context)}`))
      statuses.push(`resume ${resumed.status}`)
      expect([200, 204]).toContain(resumed.status)
      await resumed.text()
    }

    for (let i = 1; i <= 10; i++) {
      if (i === 5) {
        // A slow reply, stopped by the visitor while it streams.
        provider.script({ chunks: Array.from({ length: 200 }, (_, n) => `word${n} `), tokenDelayMs: 50 })
        const streaming = await message('Tell me everything about anvils')
        const reader = streaming.body!.getReader()
        await reader.read()
        const stopped = await expectStatus('stop', await post(`/conversations/${conversationId}/stop`, {}), 200)
        expect(await stopped.json()).toMatchObject({ stopped: true })
        while (!(await reader.read()).done);
        continue
      }
      const events = await readSse<StreamEvent>(await message(i % 2 ? 'Where is my order 1042?' : 'Hello'))
      const replyId = events.find((event) => event.type === 'done')!.message_id as string
      await expectStatus('rating', await post(`/messages/${replyId}/feedback`, { rating: i % 3 ? 'up' : 'down', ...(i % 3 ? {} : { comment: 'Not what I asked.' }) }), 204)
      if (i % 3 === 0) await expectStatus('rating changed', await post(`/messages/${replyId}/feedback`, { rating: 'up' }), 204)
      await reload()
    }
    expect(statuses.filter((status) => status.endsWith(' 429'))).toEqual([])

    // The 11th message of the minute: refused before the turn, with the documented answer.
    const refused = await post('/messages', { message: 'One more', conversation_id: conversationId })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBe(30)
    expect(await refused.json()).toMatchObject({ error: { code: 'throttled', message: expect.stringContaining('10 per minute') } })
    // Nothing of it was stored; the page can still load what was.
    const history = await fetch(url(`/conversations/${conversationId}/messages?signed_context=${encodeURIComponent(signed_context)}`))
    expect(history.status).toBe(200)
    const { messages } = (await history.json()) as { messages: { role: string; content: string }[] }
    expect(messages.filter((entry) => entry.role === 'user')).toHaveLength(10)
    expect(messages.some((entry) => entry.content === 'One more')).toBe(false)
  })
})
