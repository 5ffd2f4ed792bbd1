import { Buffer } from 'node:buffer'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryReplyLog } from '../../src/log/create-reply-log.js'
import type { ReplyLog } from '../../src/log/types.js'
import { frameOf, ids, logOptions, range, recorder } from './setup.js'

describe('the memory replay log within its byte budget', () => {
  let log: ReplyLog | undefined
  afterEach(() => log?.close())

  /** Appends frames `from`..`to` of a reply (the last one terminal when `ends`). */
  const append = (replyId: string, from: number, to: number, ends: boolean) => {
    for (const seq of range(from, to)) log!.append(replyId, seq, frameOf(replyId, seq), ends && seq === to)
  }
  const reply = (frames: number, ended: boolean) => {
    const { replyId, conversationId } = ids()
    log!.begin(replyId, conversationId)
    append(replyId, 1, frames, ended)
    return { replyId, conversationId }
  }
  const statuses = (...replies: Array<{ replyId: string }>) => Promise.all(replies.map(({ replyId }) => log!.status(replyId)))

  it('evicts the replies that ended longest ago once all frames pass the budget, never one in progress', async () => {
    // Every frame of these ids has the same size: a reply of ten frames is `size` bytes.
    const size = 10 * Buffer.byteLength(frameOf(ids().replyId, 10))
    log = createMemoryReplyLog({ ...logOptions(), maxBytes: 3 * size })
    const streaming = reply(5, false)
    const [oldest, middle] = [reply(10, true), reply(10, true)]
    expect(await statuses(streaming, oldest, middle)).toEqual(['streaming', 'ended', 'ended'])
    // 3.5 sizes: the oldest ended reply goes, with its conversation's latest.
    const newest = reply(10, true)
    expect(await statuses(streaming, oldest, middle, newest)).toEqual(['streaming', undefined, 'ended', 'ended'])
    expect(await log.latest(oldest.conversationId)).toBeUndefined()
    expect(await log.latest(middle.conversationId)).toBe(middle.replyId)
    // The reply in progress grows past the budget on its own: the ended ones make room; it stays whole.
    append(streaming.replyId, 6, 35, false)
    expect(await statuses(streaming, middle, newest)).toEqual(['streaming', undefined, undefined])
    const got = recorder()
    await log.follow(streaming.replyId, 0, got.onFrame, got.onEnd)
    expect(got.seqs()).toEqual(range(1, 35))
  })

})
