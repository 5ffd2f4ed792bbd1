import { createConversation } from '@chatbot-kit/kernel'
import { describeEachDatabase } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { readStream, textOf } from './frames.js'
import { STORES, useCluster, type Cluster, type Instance } from './setup.js'

type StoredReply = { content: string; status: string; finish_reason: string | null }

const storedReply = (instance: Instance, replyId: string) =>
  instance.chatbot.db.selectFrom('messages').select(['content', 'status', 'finish_reason']).where('public_id', '=', replyId).executeTakeFirst() as Promise<StoredReply | undefined>

describe.each(STORES)('stopping a reply, $name replay log', ({ storage, skip }) => {
  describeEachDatabase('stop', { label: skip || 'over a real socket' }, (target) => {
    let cluster: Cluster
    let a: Instance
    useCluster(target, storage, skip, (started) => void ({ cluster, a } = started))

    /** A reply held after its first two tokens, read by its own stream and a resumed one. */
    async function heldReply(on: Instance) {
      const token = on.envelope()
      const { response, request, conversationId } = await cluster.ask(on, token, 'Tell me a long story', { tokens: ['Once ', 'upon ', 'a time.'], holdAfter: 2 })
      await request.held
      // Both held tokens reached the chatbot before it is stopped.
      let reached: () => void = () => {}
      const upTo = new Promise<void>((resolve) => (reached = resolve))
      const original = readStream(response, (frames) => {
        if (textOf(frames) === 'Once upon ') reached()
        return false
      })
      await upTo
      const resumed = await on.resume(conversationId, token)
      return { token, conversationId, request, original, resumed: readStream(resumed) }
    }

    async function expectStopped(stopFrom: Instance, runsOn: Instance) {
      const { token, conversationId, request, original, resumed } = await heldReply(runsOn)
      const answer = await stopFrom.stop(conversationId, { signed_context: token })
      expect(answer.status).toBe(200)
      const body = (await answer.json()) as { stopped: boolean; message_id?: string }
      // The provider request was closed before it finished.
      expect(await request.ended).toBe('closed')
      const [first, second] = [await original, await resumed]
      const replyId = first.frames[0]!.id.split(':')[0]!
      expect(body).toEqual({ stopped: true, message_id: replyId })
      for (const stream of [first, second]) {
        expect(textOf(stream.frames)).toBe('Once upon ')
        expect(stream.frames.at(-1)!.event).toMatchObject({ type: 'done', finish_reason: 'stopped', message_id: replyId })
      }
      expect(await storedReply(runsOn, replyId)).toEqual({ content: 'Once upon ', status: 'incomplete', finish_reason: 'stopped' })
      expect((await runsOn.history(conversationId, token)).at(-1)).toMatchObject({ id: replyId, status: 'incomplete', content: 'Once upon ' })
      // Nothing is left to stop.
      expect(await (await stopFrom.stop(conversationId, { signed_context: token })).json()).toEqual({ stopped: false })
    }

    it.skipIf(skip)('stops a reply mid-way: the provider request closes, both open streams end with done "stopped", the partial reply is stored', async () => {
      await expectStopped(a, a)
    })

    it.skipIf(skip)('stops it with resumeWindow 0 too, where an ended reply leaves the log at once', async () => {
      const zero = await cluster.start({ stream: { resumeWindow: 0 } })
      await expectStopped(zero, zero)
    })

    it.runIf(!skip && storage !== 'memory:')('stops from another instance a reply that runs on the first (shared Redis)', async () => {
      await expectStopped(await cluster.start(), a)
    })

    it.skipIf(skip)('answers { stopped: false } when nothing streams: a finished reply, a conversation with none', async () => {
      const token = a.envelope()
      const { response, conversationId } = await cluster.ask(a, token, 'Short one', { tokens: ['Done.'] })
      await readStream(response)
      expect(await (await a.stop(conversationId, { signed_context: token })).json()).toEqual({ stopped: false })
      const empty = await createConversation(a.chatbot.db, { channel: 'default', owner: { userId: 'user-1' }, routeName: 'test.page' })
      expect(await (await a.stop(empty.publicId, { signed_context: token })).json()).toEqual({ stopped: false })
    })

    it.skipIf(skip)('refuses like history and reads its body like messages: 403, 404, 415, 422', async () => {
      const { token, conversationId, request, original } = await heldReply(a)
      const errorOf = async (answer: Response) => [answer.status, ((await answer.json()) as { error: { code: string } }).error.code]
      expect(await errorOf(await a.stop(conversationId, {}))).toEqual([403, 'invalid_envelope'])
      expect(await errorOf(await a.stop(conversationId, { signed_context: a.envelope({ userId: 'user-2' }) }))).toEqual([403, 'forbidden'])
      expect(await errorOf(await a.stop('00000000-0000-4000-8000-000000000000', { signed_context: token }))).toEqual([404, 'not_found'])
      expect(await errorOf(await a.stop(conversationId, { signed_context: token }, { 'content-type': 'text/plain' }))).toEqual([415, 'unsupported_media_type'])
      const notJson = await fetch(`${a.url}/chatbot/conversations/${conversationId}/stop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"signed_context":' })
      expect(await errorOf(notJson)).toEqual([422, 'invalid_json'])
      expect(await errorOf(await a.stop(conversationId, { signed_context: token, pad: 'x'.repeat(70_000) }))).toEqual([413, 'payload_too_large'])
      // None of them stopped it.
      request.release()
      expect(textOf((await original).frames)).toBe('Once upon a time.')
    })
  })
})
