import { describeEachDatabase } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { readStream, textOf } from './frames.js'
import { createCluster, type Cluster, type Instance } from './setup.js'

const drafts = (instance: Instance) => instance.chatbot.db.withTables<{ replies_in_progress: { reply_id: string } }>().selectFrom('replies_in_progress').select('reply_id').execute()

describeEachDatabase('history of a reply in progress', { label: 'over a real socket' }, (target) => {
  let cluster: Cluster
  let a: Instance
  let b: Instance
  beforeAll(async () => {
    cluster = await createCluster(target, 'memory:')
    a = await cluster.start()
    b = await cluster.start()
  })
  afterAll(() => cluster?.close())

  it('lists it last as streaming with its text so far: live on its instance, from its draft on another; then once, complete', async () => {
    const token = a.envelope()
    const leave = new AbortController()
    const { response, request, conversationId } = await cluster.ask(a, token, 'Write slowly', { tokens: ['Partial ', 'text.'], holdAfter: 1 }, { signal: leave.signal })
    const first = await readStream(response, (frames) => textOf(frames) === 'Partial ', leave)
    const replyId = first.frames[0]!.id.split(':')[0]!

    const streaming = (content: string) => [
      expect.objectContaining({ role: 'user', content: expect.stringMatching(/^Write slowly/), status: 'complete' }),
      expect.objectContaining({ id: replyId, role: 'assistant', content, status: 'streaming' }),
    ]
    expect(await a.history(conversationId, token)).toEqual(streaming('Partial '))
    // Another instance reads the draft, written once the reply has streamed a second.
    await vi.waitFor(async () => expect(await b.history(conversationId, token)).toEqual(streaming('Partial ')), { timeout: 5000, interval: 100 })

    request.release()
    await readStream(await a.resume(conversationId, token))
    for (const instance of [a, b]) {
      const messages = await instance.history(conversationId, token)
      expect(messages.map((message) => [message.id === replyId, message.content.replace(/ #\d+$/, ''), message.status])).toEqual([
        [false, 'Write slowly', 'complete'],
        [true, 'Partial text.', 'complete'],
      ])
    }
    // The draft goes at the next tick once the reply is stored.
    await vi.waitFor(async () => expect(await drafts(a)).toEqual([]), { timeout: 5000, interval: 100 })
  })

})
