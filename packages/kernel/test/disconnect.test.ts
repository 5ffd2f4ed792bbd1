import type { ServerResponse } from 'node:http'
import { afterEach, expect, it } from 'vitest'
import { ChatbotMessageCompleted, ChatbotMessageFailed, definePlugin, type SentEvent } from '@chatbot-kit/kernel'
import { sseEvents } from '@chatbot-kit/test-utils'
import { createHarness, type Harness } from './harness.js'

// 1.1's default: the browser leaving does not end the reply. 1.0's behaviour, behind
// `stream.abortOnDisconnect: true`, is checked in failures.test.ts.

/** Per reply: when the server saw its browser leave, and every event sent. */
interface Watched {
  browserLeft: Promise<void>
  sent: SentEvent[]
}

function watchReplies(watched: Map<string, Watched>) {
  return definePlugin({
    name: 'watch-replies',
    hooks: {
      'turn:prompt': (turn) => {
        const res = (turn.event.runtime?.node as { res?: ServerResponse } | undefined)?.res
        const browserLeft = new Promise<void>((resolve) => res?.once('close', () => resolve()))
        watched.set(turn.conversation.publicId, { browserLeft, sent: [] })
      },
      'turn:event': (turn, sent) => void watched.get(turn.conversation.publicId)?.sent.push(sent),
    },
  })
}

const words = Array.from({ length: 100 }, (_, index) => `w${index} `)
const activeStreams = async (h: Harness) => ((await (await h.request('/chatbot/health')).json()) as { active_streams: number }).active_streams

let h: Harness | undefined
afterEach(() => h?.close())

it('a browser that leaves after k tokens: the provider streams on, the reply is stored complete and counted active until it ends', async () => {
  const watched = new Map<string, Watched>()
  h = await createHarness('socket', { plugins: [watchReplies(watched)] })
  const outcomes: string[] = []
  h.chatbot.on(ChatbotMessageCompleted, (event) => void outcomes.push(`completed:${event.payload.finishReason}`))
  h.chatbot.on(ChatbotMessageFailed, (event) => void outcomes.push(`failed:${event.payload.error.code()}`))
  h.provider.script({ chunks: words, tokenDelayMs: 20 })

  const browser = new AbortController()
  const response = await h.post({ signed_context: h.envelope(), message: 'a long one' }, { signal: browser.signal })
  const conversationId = response.headers.get('x-chatbot-conversation-id')!
  let tokens = 0
  for await (const item of sseEvents(response)) if (item.kind === 'data' && item.data.type === 'token' && ++tokens === 3) break
  browser.abort()
  await watched.get(conversationId)!.browserLeft

  // The reply is still running (it is 100 words at 20 ms), and health counts it.
  expect(outcomes).toEqual([])
  expect(await activeStreams(h)).toBe(1)

  await expect.poll(() => outcomes, { timeout: 10_000 }).toEqual(['completed:stop'])
  const { sent } = watched.get(conversationId)!
  expect(sent.at(-1)!.event).toMatchObject({ type: 'done', finish_reason: 'stop' })
  expect(sent.filter((item) => item.event.type === 'token').length).toBe(words.length)
  const stored = await h.chatbot.db
    .selectFrom('messages')
    .select(['content', 'status', 'finish_reason'])
    .where('public_id', '=', sent[0]!.id.split(':')[0]!)
    .executeTakeFirstOrThrow()
  expect(stored).toEqual({ content: words.join(''), status: 'complete', finish_reason: 'stop' })
  await expect.poll(() => activeStreams(h!)).toBe(0)
})

it('with stream.abortOnDisconnect: false set explicitly, the same: nothing is aborted', async () => {
  const watched = new Map<string, Watched>()
  h = await createHarness('socket', { plugins: [watchReplies(watched)], stream: { abortOnDisconnect: false } })
  h.provider.script({ chunks: words.slice(0, 30), tokenDelayMs: 20 })
  const closedBefore = h.provider.closedConnections()
  const browser = new AbortController()
  const response = await h.post({ signed_context: h.envelope(), message: 'another' }, { signal: browser.signal })
  const conversationId = response.headers.get('x-chatbot-conversation-id')!
  for await (const item of sseEvents(response)) if (item.kind === 'data' && item.data.type === 'token') break
  browser.abort()
  await watched.get(conversationId)!.browserLeft
  await expect.poll(() => watched.get(conversationId)!.sent.at(-1)?.event.type, { timeout: 10_000 }).toBe('done')
  // The provider's connection was not cut: it went back to the pool when the reply ended.
  expect(h.provider.closedConnections()).toBe(closedBefore)
})
