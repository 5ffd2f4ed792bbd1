import { afterEach, expect, it } from 'vitest'
import type { ReplyLog, ReplyLogOptions } from '../../src/log/types.js'
import { frameOf, ids, logOptions, range, recorder } from './setup.js'

/**
 * `appendNext` and `pin`, what a stream no turn runs (a handoff's) relies on: `logs` opens logs
 * that share one store (one memory log twice, or two Redis connections, as two instances).
 */
export function appendNextContract(logs: (options: ReplyLogOptions) => Promise<[ReplyLog, ReplyLog]>): void {
  const opened: ReplyLog[] = []
  afterEach(async () => {
    await Promise.all([...new Set(opened.splice(0))].map((log) => log.close()))
  })
  const open = async () => {
    const pair = await logs(logOptions())
    opened.push(...pair)
    return pair
  }

  it('writers on two instances at once: every frame at the next seq with no gap, the reply begun as the latest; nothing after the terminal one', async () => {
    const [a, b] = await open()
    const { replyId, conversationId } = ids()
    const got = recorder()
    const seqs = await Promise.all(range(1, 6).map((index) => (index % 2 ? a : b).appendNext(replyId, conversationId, (seq) => frameOf(replyId, seq), { terminal: false, lifetimeSeconds: 60 })))
    expect([...seqs].sort((x, y) => x! - y!)).toEqual(range(1, 6))
    expect(await b.latest(conversationId)).toBe(replyId)
    await a.follow(replyId, 0, got.onFrame, got.onEnd)
    expect(await b.appendNext(replyId, conversationId, (seq) => frameOf(replyId, seq, 'done'), { terminal: true, lifetimeSeconds: 60 })).toBe(7)
    await expect.poll(() => got.ends(), { timeout: 5000 }).toBe(1)
    expect(got.seqs()).toEqual(range(1, 7))
    expect(got.frames()).toEqual([...range(1, 6).map((seq) => frameOf(replyId, seq)), frameOf(replyId, 7, 'done')])
    expect(await a.appendNext(replyId, conversationId, (seq) => frameOf(replyId, seq), { terminal: false, lifetimeSeconds: 60 })).toBeUndefined()
  })

  it('a pinned reply stays the latest while replies begin after it; unpinned, the newest is', async () => {
    const [a, b] = await open()
    const { replyId: pinned, conversationId } = ids()
    await a.appendNext(pinned, conversationId, (seq) => frameOf(pinned, seq), { terminal: false, lifetimeSeconds: 60 })
    await a.pin(conversationId, pinned, 60)
    const { replyId: turn } = ids()
    b.begin(turn, conversationId)
    b.append(turn, 1, frameOf(turn, 1), false)
    await expect.poll(() => b.status(turn), { timeout: 5000 }).toBe('streaming')
    expect(await b.latest(conversationId)).toBe(pinned)
    await b.pin(conversationId, undefined)
    expect(await a.latest(conversationId)).toBe(turn)
  })
}
