import { afterEach, expect, it } from 'vitest'
import { definePlugin, type SentEvent } from '@chatbot-kit/kernel'
import { silentLogger } from '@chatbot-kit/test-utils'
import { SSE_OPENING } from '@chatbot-kit/http'
import { createHarness, type Harness } from './harness.js'

/** Records each frame a `turn:event` listener is given, with the turn's reply id. */
function recordEvents(seen: { replyId: string; sent: SentEvent }[]) {
  return definePlugin({ name: 'record-events', hooks: { 'turn:event': (turn, sent) => void seen.push({ replyId: turn.replyId, sent }) } })
}

const throwsOnEveryEvent = definePlugin({
  name: 'throws-on-every-event',
  hooks: {
    'turn:event': () => {
      throw new Error('a replay log that broke')
    },
  },
})

let h: Harness | undefined
afterEach(() => h?.close())

it('a turn:event listener sees every frame byte for byte as the socket got it, numbered and parsed', async () => {
  const seen: { replyId: string; sent: SentEvent }[] = []
  h = await createHarness('socket', { plugins: [recordEvents(seen)] })
  h.provider.script({ chunks: ['Grüße, ', 'wörld ', '"quoted"\n', 'done'] })
  const body = await (await h.post({ signed_context: h.envelope(), message: 'hi' })).text()

  // The stream's opening comment is no event of the reply; the frames follow it.
  expect(SSE_OPENING + seen.map(({ sent }) => sent.frame).join('')).toBe(body)
  expect(seen.map(({ sent }) => sent.event.type)).toEqual(['context_summary', 'token', 'token', 'token', 'token', 'done'])
  for (const [index, { replyId, sent }] of seen.entries()) {
    expect(sent.seq).toBe(index + 1)
    expect(sent.id).toBe(`${replyId}:${index + 1}`)
    expect(sent.frame).toBe(`id: ${sent.id}\ndata: ${JSON.stringify(sent.event)}\n\n`)
  }
})

it('a listener that throws is logged and does not break the reply or the listeners after it', async () => {
  const seen: { replyId: string; sent: SentEvent }[] = []
  const logged: unknown[][] = []
  h = await createHarness('socket', { plugins: [throwsOnEveryEvent, recordEvents(seen)] }, { logger: silentLogger({ error: (...args: unknown[]) => void logged.push(args) }) })
  h.provider.script({ chunks: ['still ', 'here'] })
  const response = await h.post({ signed_context: h.envelope(), message: 'hi' })
  const body = await response.text()

  // The stream's opening comment is no event of the reply; the frames follow it.
  expect(SSE_OPENING + seen.map(({ sent }) => sent.frame).join('')).toBe(body)
  expect(seen.at(-1)!.sent.event).toMatchObject({ type: 'done', finish_reason: 'stop' })
  const stored = await h.chatbot.db.selectFrom('messages').select(['content', 'status']).where('public_id', '=', seen[0]!.replyId).executeTakeFirst()
  expect(stored).toEqual({ content: 'still here', status: 'complete' })
  expect(logged).toHaveLength(seen.length)
  expect(logged[0]).toEqual(['A turn:event hook failed:', expect.objectContaining({ message: 'a replay log that broke' })])
})
