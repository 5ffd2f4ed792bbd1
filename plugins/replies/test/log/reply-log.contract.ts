import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, expect, it } from 'vitest'
import type { ReplyLog, ReplyLogOptions } from '../../src/log/types.js'
import { frameOf, ids, logOptions, nextTurn, range, recorder } from './setup.js'

/** Opens a log of the implementation under test (on Redis, every log of a test shares one prefix). */
export type OpenReplyLog = (options: ReplyLogOptions) => Promise<ReplyLog>

/** Polls until `check` passes: Redis delivers on another connection, memory at once. */
const eventually = (check: () => void) => expect.poll(() => (check(), true), { timeout: 5000, interval: 20 }).toBe(true)

/** What every replay log does, memory or Redis. */
export function replyLogContract(open: OpenReplyLog): void {
  const opened: ReplyLog[] = []
  const create = async (overrides: Partial<ReplyLogOptions> = {}) => {
    const log = await open(logOptions(overrides))
    opened.push(log)
    return log
  }
  /** A reply begun in `log` with frames 1..count (the last terminal when `ended`), written before it returns. */
  const reply = async (log: ReplyLog, count: number, ended = false) => {
    const { replyId, conversationId } = ids()
    log.begin(replyId, conversationId)
    for (const seq of range(1, count)) log.append(replyId, seq, frameOf(replyId, seq, ended && seq === count ? 'done' : 'token'), ended && seq === count)
    await expect.poll(() => log.status(replyId)).toBe(ended ? 'ended' : 'streaming')
    return { replyId, conversationId }
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((log) => log.close()))
  })

  it('replays every frame, byte for byte and in order, then follows live ones until the terminal frame', async () => {
    const log = await create()
    const { replyId } = await reply(log, 3)
    const got = recorder()
    expect(await log.follow(replyId, 0, got.onFrame, got.onEnd)).toBeDefined()
    await eventually(() => expect(got.frames()).toEqual(range(1, 3).map((seq) => frameOf(replyId, seq))))
    log.append(replyId, 4, frameOf(replyId, 4), false)
    log.append(replyId, 5, frameOf(replyId, 5, 'done'), true)
    await eventually(() => expect(got.ends()).toBe(1))
    expect(got.seqs()).toEqual(range(1, 5))
    expect(got.frames()[4]).toBe(frameOf(replyId, 5, 'done'))
  })

  it('replays only the frames after the given seq', async () => {
    const log = await create()
    const { replyId } = await reply(log, 6, true)
    const got = recorder()
    await log.follow(replyId, 4, got.onFrame, got.onEnd)
    await eventually(() => expect(got.ends()).toBe(1))
    expect(got.seqs()).toEqual([5, 6])
    // Past the last frame of an ended reply: nothing to send, and the follow ends.
    const late = recorder()
    await log.follow(replyId, 6, late.onFrame, late.onEnd)
    await eventually(() => expect(late.ends()).toBe(1))
    expect(late.seqs()).toEqual([])
  })

  it('a follow past the frames so far gets only the later ones, and still ends with the reply', async () => {
    const log = await create()
    const { replyId } = await reply(log, 2)
    const got = recorder()
    await log.follow(replyId, 3, got.onFrame, got.onEnd)
    for (const seq of range(3, 4)) log.append(replyId, seq, frameOf(replyId, seq), false)
    log.append(replyId, 5, frameOf(replyId, 5, 'done'), true)
    await eventually(() => expect(got.ends()).toBe(1))
    expect(got.seqs()).toEqual([4, 5])
  })

  it('a follow that starts while frames stream in gets each frame once, with no gap at the replay/live boundary', async () => {
    const log = await create()
    const { replyId, conversationId } = ids()
    const total = 400
    let appended = 0
    log.begin(replyId, conversationId)
    const producing = (async () => {
      // One frame per event-loop turn: the follow's subscribe and read land between them.
      for (const seq of range(1, total)) {
        log.append(replyId, seq, frameOf(replyId, seq), seq === total)
        appended = seq
        await nextTurn()
      }
    })()
    while (appended < 100) await nextTurn()
    const fromStart = recorder()
    const fromMiddle = recorder()
    await Promise.all([log.follow(replyId, 0, fromStart.onFrame, fromStart.onEnd), log.follow(replyId, 60, fromMiddle.onFrame, fromMiddle.onEnd)])
    await producing
    await eventually(() => expect([fromStart.ends(), fromMiddle.ends()]).toEqual([1, 1]))
    expect(fromStart.seqs()).toEqual(range(1, total))
    expect(fromMiddle.seqs()).toEqual(range(61, total))
    expect(fromStart.frames()).toEqual(range(1, total).map((seq) => frameOf(replyId, seq)))
  })

  it('the terminal frame ends every follower once; a closed follower gets nothing more', async () => {
    const log = await create()
    const { replyId } = await reply(log, 1)
    const [first, second, closed] = [recorder(), recorder(), recorder()]
    await log.follow(replyId, 0, first.onFrame, first.onEnd)
    await log.follow(replyId, 0, second.onFrame, second.onEnd)
    const follower = await log.follow(replyId, 0, closed.onFrame, closed.onEnd)
    await eventually(() => expect(closed.seqs()).toEqual([1]))
    follower!.close()
    log.append(replyId, 2, frameOf(replyId, 2, 'done'), true)
    await eventually(() => expect([first.ends(), second.ends()]).toEqual([1, 1]))
    // Nothing is appended after the terminal frame.
    log.append(replyId, 3, frameOf(replyId, 3), false)
    await sleep(200)
    expect([first.seqs(), second.seqs(), closed.seqs(), closed.ends()]).toEqual([[1, 2], [1, 2], [1], 0])
    const replay = recorder()
    await log.follow(replyId, 0, replay.onFrame, replay.onEnd)
    await eventually(() => expect(replay.ends()).toBe(1))
    expect(replay.seqs()).toEqual([1, 2])
  })

  it('keeps frames a clean prefix: an out-of-order frame is ignored', async () => {
    const log = await create()
    const { replyId } = await reply(log, 2)
    log.append(replyId, 4, frameOf(replyId, 4), false)
    log.append(replyId, 3, frameOf(replyId, 3), false)
    const got = recorder()
    await log.follow(replyId, 0, got.onFrame, got.onEnd)
    await eventually(() => expect(got.seqs()).toEqual([1, 2, 3]))
  })

  it('names the latest reply of each conversation, and the status of each reply', async () => {
    const log = await create()
    const { replyId: first, conversationId } = await reply(log, 2, true)
    const { replyId: other, conversationId: otherConversation } = await reply(log, 1)
    expect(await log.latest(conversationId)).toBe(first)
    expect(await log.latest(otherConversation)).toBe(other)
    const { replyId: unknown, conversationId: unknownConversation } = ids()
    expect(await log.latest(unknownConversation)).toBeUndefined()
    expect([await log.status(first), await log.status(other), await log.status(unknown)]).toEqual(['ended', 'streaming', undefined])
    log.begin(unknown, conversationId)
    log.append(unknown, 1, frameOf(unknown, 1), false)
    await expect.poll(() => log.latest(conversationId)).toBe(unknown)
    expect(await log.follow(ids().replyId, 0, recorder().onFrame, recorder().onEnd)).toBeUndefined()
  })

  it('drops an ended reply once the resume window passed, and an abandoned one once no frame came for its time', async () => {
    const log = await create({ resumeWindowSeconds: 1, abandonedAfterSeconds: 2 })
    const ended = await reply(log, 2, true)
    const abandoned = await reply(log, 2)
    const kept = await reply(log, 1)
    await sleep(1300)
    expect(await log.status(ended.replyId)).toBeUndefined()
    expect(await log.latest(ended.conversationId)).toBeUndefined()
    expect(await log.follow(ended.replyId, 0, recorder().onFrame, recorder().onEnd)).toBeUndefined()
    expect(await log.status(abandoned.replyId)).toBe('streaming')
    // A frame postpones abandonment: the reply now stays two seconds from here.
    log.append(kept.replyId, 2, frameOf(kept.replyId, 2), false)
    await sleep(1000)
    expect(await log.status(abandoned.replyId)).toBeUndefined()
    expect(await log.latest(abandoned.conversationId)).toBeUndefined()
    expect(await log.status(kept.replyId)).toBe('streaming')
    expect(await log.latest(kept.conversationId)).toBe(kept.replyId)
  })

  it('interrupt appends one terminal frame with the next seq, once; never on an ended or unknown reply', async () => {
    const log = await create()
    const { replyId } = await reply(log, 3)
    const got = recorder()
    await log.follow(replyId, 0, got.onFrame, got.onEnd)
    const seqs: number[] = []
    const interrupted = (seq: number) => (seqs.push(seq), frameOf(replyId, seq, 'error'))
    expect(await log.interrupt(replyId, interrupted)).toBe(true)
    expect(await log.interrupt(replyId, interrupted)).toBe(false)
    expect(seqs).toEqual([4])
    await eventually(() => expect(got.ends()).toBe(1))
    expect(got.frames()).toEqual([...range(1, 3).map((seq) => frameOf(replyId, seq)), frameOf(replyId, 4, 'error')])
    expect(await log.status(replyId)).toBe('ended')
    const { replyId: done } = await reply(log, 2, true)
    expect(await log.interrupt(done, interrupted)).toBe(false)
    expect(await log.interrupt(ids().replyId, interrupted)).toBe(false)
    expect(seqs).toEqual([4])
  })

  it('a stop request reaches every onStop handler, once each, even when one throws', async () => {
    const log = await create()
    const stopped: string[] = []
    log.onStop((replyId) => stopped.push(`a:${replyId}`))
    log.onStop(() => {
      throw new Error('a broken handler')
    })
    log.onStop((replyId) => stopped.push(`b:${replyId}`))
    const { replyId } = await reply(log, 1)
    await log.requestStop(replyId)
    await eventually(() => expect(stopped).toEqual([`a:${replyId}`, `b:${replyId}`]))
  })

  it('close ends the followers', async () => {
    const log = await create()
    const { replyId } = await reply(log, 1)
    const got = recorder()
    await log.follow(replyId, 0, got.onFrame, got.onEnd)
    await eventually(() => expect(got.seqs()).toEqual([1]))
    await log.close()
    expect(got.ends()).toBe(1)
  })
}
