import { randomUUID } from 'node:crypto'
import { createConversation } from '@chatbot-kit/kernel'
import { describeEachDatabase } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { parseFrames, readStream, textOf, wireOf } from './frames.js'
import { STORES, useCluster, type Cluster, type Instance } from './setup.js'

// Every event stream's first bytes, a comment (docs/http-api.md).
const OPENING = ': open\n\n'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(STORES)('resuming a reply, $name replay log', ({ storage, skip }) => {
  describeEachDatabase('resume', { label: skip || 'over a real socket' }, (target) => {
    let cluster: Cluster
    let a: Instance
    useCluster(target, storage, skip, (started) => void ({ cluster, a } = started))

    it.skipIf(skip)('a browser that leaves after 3 tokens: the reply goes on and is stored complete; a resume from its last id gives the rest exactly once', async () => {
      const token = a.envelope()
      const leave = new AbortController()
      const reply = { tokens: ['one ', 'two ', 'three ', 'four ', 'five ', 'six'], holdAfter: 3 }
      const { response, request, conversationId } = await cluster.ask(a, token, 'Count to six', reply, { signal: leave.signal })
      const first = await readStream(response, (frames) => textOf(frames) === 'one two three ', leave)
      const lastSeen = first.frames.at(-1)!

      // Resumed while the reply still streams: what was missed, then live.
      const resumed = a.resume(conversationId, token, { lastEventId: lastSeen.id })
      request.release()
      const rest = await readStream(await resumed)

      expect(textOf(first.frames) + textOf(rest.frames)).toBe('one two three four five six')
      expect(rest.frames.map((frame) => frame.seq)).toEqual(rest.frames.map((_, index) => lastSeen.seq + 1 + index))
      const replyId = lastSeen.id.split(':')[0]!
      expect(rest.frames.at(-1)!.event).toMatchObject({ type: 'done', finish_reason: 'stop', message_id: replyId, conversation_id: conversationId })
      expect(await request.ended).toBe('completed')
      expect((await a.history(conversationId, token)).at(-1)).toMatchObject({ id: replyId, role: 'assistant', content: 'one two three four five six', status: 'complete' })
    })

    it.skipIf(skip)('a resume with no id replays every frame byte for byte as first sent, and so does one whose id names an earlier reply', async () => {
      const token = a.envelope()
      const { response, conversationId } = await cluster.ask(a, token, 'Say hello', { tokens: ['Hello, ', '"wörld" \u2028 ✓'] })
      const original = await readStream(response)
      expect(original.frames.at(-1)!.event.type).toBe('done')

      const replayed = await readStream(await a.resume(conversationId, token))
      expect(replayed.text).toBe(OPENING + wireOf(original.frames))

      const second = await cluster.ask(a, token, 'Again', { tokens: ['Again.'] }, { conversationId })
      const secondFrames = (await readStream(second.response)).frames
      // The id of the first reply: the conversation's latest is the second, replayed whole.
      const fromOther = await readStream(await a.resume(conversationId, token, { lastEventId: original.frames.at(-1)!.id, via: 'query' }))
      expect(fromOther.text).toBe(OPENING + wireOf(secondFrames))
      // After its own second event, via the query parameter: the rest.
      const fromSecond = await readStream(await a.resume(conversationId, token, { lastEventId: secondFrames[1]!.id, via: 'query' }))
      expect(fromSecond.text).toBe(OPENING + wireOf(secondFrames.slice(2)))
      // After its last: nothing more, and the stream closes.
      expect((await readStream(await a.resume(conversationId, token, { lastEventId: secondFrames.at(-1)!.id }))).text).toBe(OPENING)
    })

    it.skipIf(skip)('300 deltas sent at once: one frame per event, ids without a gap, the stored text and a replay byte for byte', async () => {
      // The provider writes them all in one go: the server reads many per network read, takes
      // most through the chunk shortcut and writes each tick's frames together.
      const tokens = Array.from({ length: 300 }, (_, index) => (index % 7 === 3 ? `"q\\${index}" ` : index % 11 === 5 ? `ü✓\u2028${index} ` : `w${index} `))
      const token = a.envelope()
      const { response, conversationId } = await cluster.ask(a, token, 'Many', { tokens })
      const original = await readStream(response)
      const replyId = original.frames.at(-1)!.id.split(':')[0]!
      expect(original.text).toBe(OPENING + wireOf(original.frames))
      expect(original.frames.map((frame) => frame.id)).toEqual(original.frames.map((_, index) => `${replyId}:${index + 1}`))
      expect(original.frames.map((frame) => frame.raw)).toEqual(original.frames.map((frame) => `id: ${frame.id}\ndata: ${JSON.stringify(frame.event)}\n\n`))
      expect(original.frames.filter((frame) => frame.event.type === 'token').map((frame) => frame.event.content)).toEqual(tokens)
      expect((await a.history(conversationId, token)).at(-1)).toMatchObject({ id: replyId, content: tokens.join(''), status: 'complete' })
      expect((await readStream(await a.resume(conversationId, token))).text).toBe(original.text)
    })

    it.skipIf(skip)('answers 204 for a conversation with no reply in the log', async () => {
      const conversation = await createConversation(a.chatbot.db, { channel: 'default', owner: { userId: 'user-1' }, routeName: 'test.page' })
      const response = await a.resume(conversation.publicId, a.envelope())
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
    })

    it.skipIf(skip)('answers 204 once the resume window has passed (a 1 s window)', async () => {
      const short = await cluster.start({ stream: { resumeWindow: 1 } })
      const token = short.envelope()
      const { response, conversationId } = await cluster.ask(short, token, 'Quick', { tokens: ['Done.'] })
      await readStream(response)
      await sleep(1500)
      expect((await short.resume(conversationId, token)).status).toBe(204)
    })

    it.skipIf(skip)('refuses like history: 403 without a valid envelope or for another identity, 404 for an unknown id, 422 for a malformed event id', async () => {
      const token = a.envelope()
      const { response, conversationId } = await cluster.ask(a, token, 'Mine', { tokens: ['Yours.'] })
      await readStream(response)

      const codeOf = async (pending: Promise<Response>) => {
        const answer = await pending
        return [answer.status, ((await answer.json()) as { error: { code: string; fields?: Record<string, string> } }).error] as const
      }
      expect(await codeOf(a.resume(conversationId, undefined))).toEqual([403, expect.objectContaining({ code: 'invalid_envelope' })])
      expect(await codeOf(a.resume(conversationId, 'not-a-token'))).toEqual([403, expect.objectContaining({ code: 'invalid_envelope' })])
      expect(await codeOf(a.resume(conversationId, a.envelope({ userId: 'user-2' })))).toEqual([403, expect.objectContaining({ code: 'forbidden' })])
      expect(await codeOf(a.resume(randomUUID(), token))).toEqual([404, expect.objectContaining({ code: 'not_found' })])
      expect(await codeOf(a.resume('not-a-uuid', token))).toEqual([404, expect.objectContaining({ code: 'not_found' })])
      for (const lastEventId of ['abc', `${randomUUID()}:0`, `${randomUUID()}:-1`, `${randomUUID()}`, `${randomUUID()}:1:2`]) {
        for (const via of ['header', 'query'] as const) {
          const [status, error] = await codeOf(a.resume(conversationId, token, { lastEventId, via }))
          expect([status, error.code, Object.keys(error.fields ?? {})], `${lastEventId} (${via})`).toEqual([422, 'validation_failed', ['last_event_id']])
        }
      }
    })

    it.runIf(!skip && storage !== 'memory:')('resumes on another instance a reply that runs on the first (shared Redis)', async () => {
      const b = await cluster.start()
      const token = a.envelope()
      const leave = new AbortController()
      const { response, request, conversationId } = await cluster.ask(a, token, 'Across', { tokens: ['on A, ', 'still on A.'], holdAfter: 1 }, { signal: leave.signal })
      const first = await readStream(response, (frames) => textOf(frames) === 'on A, ', leave)
      const resumed = b.resume(conversationId, token, { lastEventId: first.frames.at(-1)!.id })
      request.release()
      const rest = await readStream(await resumed)
      expect(textOf(first.frames) + textOf(rest.frames)).toBe('on A, still on A.')
      expect(rest.frames.at(-1)!.event).toMatchObject({ type: 'done', finish_reason: 'stop' })
      expect(parseFrames(first.text + rest.text).map((frame) => frame.seq)).toEqual([...Array(first.frames.length + rest.frames.length).keys()].map((index) => index + 1))
    })

    it.runIf(!skip && storage === 'memory:')('answers 204 on another instance with the memory log (one process only)', async () => {
      const b = await cluster.start()
      const token = a.envelope()
      const { response, request, conversationId } = await cluster.ask(a, token, 'Not across', { tokens: ['only on A', ', still.'], holdAfter: 1 })
      await request.held
      expect((await b.resume(conversationId, token)).status).toBe(204)
      request.release()
      expect(textOf((await readStream(response)).frames)).toBe('only on A, still.')
    })
  })
})
