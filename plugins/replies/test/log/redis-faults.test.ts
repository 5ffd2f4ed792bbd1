import { ChatbotCountersUnavailableException } from '@chatbot-kit/kernel'
import { proxiedUrl, type TcpProxy } from '@chatbot-kit/test-utils'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRedisReplyLog } from '../../src/log/create-reply-log.js'
import type { ReplyLog } from '../../src/log/types.js'
import { frameOf, ids, logOptions, range, recorder, redisUrl, removeKeys, testPrefix } from './setup.js'

const prefix = testPrefix('faults')
// A bound for "the log is back", not a speed check: reconnect attempts are at most 2 s apart.
const RECOVER_WITHIN_MS = 8000

function expectUnavailable(error: unknown) {
  expect(error).toBeInstanceOf(ChatbotCountersUnavailableException)
  const exception = error as ChatbotCountersUnavailableException
  expect([exception.status, exception.code(), exception.isRetryable()]).toEqual([503, 'counters_unavailable', true])
}
const rejection = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('it resolved'), (error: unknown) => error)

describe.skipIf(!redisUrl)(redisUrl ? 'the Redis replay log while Redis is unreachable' : 'the Redis replay log while Redis is unreachable (skipped: CHATBOT_TEST_REDIS_URL not set)', () => {
  const opened: ReplyLog[] = []
  let proxy: TcpProxy
  let proxied: string
  const logger = { warn: vi.fn(), info: vi.fn() }
  /** A log reaching Redis through the test's proxy, or directly. */
  const open = async (throughProxy = true) => {
    const log = await createRedisReplyLog(throughProxy ? proxied : redisUrl!, { ...logOptions({ logger }), prefix })
    opened.push(log)
    return log
  }
  const recovers = (log: ReplyLog) =>
    expect.poll(() => log.status(ids().replyId).then(() => 'up', () => 'down'), { timeout: RECOVER_WITHIN_MS, interval: 200 }).toBe('up')

  beforeEach(async () => {
    ;({ url: proxied, proxy } = await proxiedUrl(redisUrl!))
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((log) => log.close()))
    await proxy.close()
    logger.warn.mockClear()
    logger.info.mockClear()
  })
  afterAll(() => removeKeys(redisUrl!, prefix))

  it('starts while Redis refuses connections: appends are dropped without a throw, every read rejects with a 503, and it heals', async () => {
    await proxy.refuse()
    const log = await open()
    const { replyId, conversationId } = ids()
    log.begin(replyId, conversationId)
    expect(() => log.append(replyId, 1, frameOf(replyId, 1), false)).not.toThrow()
    expectUnavailable(await rejection(log.latest(conversationId)))
    expectUnavailable(await rejection(log.status(replyId)))
    expectUnavailable(await rejection(log.follow(replyId, 0, recorder().onFrame, recorder().onEnd)))
    expectUnavailable(await rejection(log.requestStop(replyId)))
    expectUnavailable(await rejection(log.interrupt(replyId, (seq) => frameOf(replyId, seq, 'error'))))
    expect(() => log.append(replyId, 2, frameOf(replyId, 2), false)).not.toThrow()
    await proxy.resume()
    await recovers(log)
    // One warning for the outage however many attempts failed, one line for the recovery.
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(String(logger.warn.mock.calls[0]![0])).toContain('counters_unavailable')
    await expect.poll(() => logger.info.mock.calls.length).toBe(1)
    // The dropped frames were never written: the reply is unknown.
    expect(await log.status(replyId)).toBeUndefined()
  })

  it('frames dropped in an outage leave the stored ones a clean prefix, which interrupt can end', async () => {
    const log = await open()
    const { replyId, conversationId } = ids()
    log.begin(replyId, conversationId)
    for (const seq of range(1, 2)) log.append(replyId, seq, frameOf(replyId, seq), false)
    await expect.poll(() => log.status(replyId)).toBe('streaming')
    await proxy.refuse()
    await expect.poll(() => log.status(replyId).then(() => 'up', () => 'down')).toBe('down')
    log.append(replyId, 3, frameOf(replyId, 3), false)
    await proxy.resume()
    await recovers(log)
    log.append(replyId, 4, frameOf(replyId, 4), false)
    const got = recorder()
    await log.follow(replyId, 0, got.onFrame, got.onEnd)
    // Written after frame 4 was sent: had it been stored, it would be replayed by now.
    expect(await log.interrupt(replyId, (seq) => frameOf(replyId, seq, 'error'))).toBe(true)
    await expect.poll(() => got.ends()).toBe(1)
    expect(got.frames()).toEqual([frameOf(replyId, 1), frameOf(replyId, 2), frameOf(replyId, 3, 'error')])
  })

  it('a follower whose connection drops ends (its client resumes from the last frame it got)', async () => {
    const writer = await open(false)
    const follower = await open()
    const { replyId, conversationId } = ids()
    writer.begin(replyId, conversationId)
    writer.append(replyId, 1, frameOf(replyId, 1), false)
    await expect.poll(() => follower.status(replyId)).toBe('streaming')
    const got = recorder()
    await follower.follow(replyId, 0, got.onFrame, got.onEnd)
    await expect.poll(() => got.seqs()).toEqual([1])
    proxy.cut()
    await expect.poll(() => got.ends()).toBe(1)
    writer.append(replyId, 2, frameOf(replyId, 2), false)
    await recovers(follower)
    const resumed = recorder()
    await follower.follow(replyId, 1, resumed.onFrame, resumed.onEnd)
    await expect.poll(() => resumed.seqs()).toEqual([2])
    expect(got.seqs()).toEqual([1])
  })

  it('notices a frozen subscriber connection: its followers end, and stop requests reach it again once Redis thaws', async () => {
    const writer = await open(false)
    const frozen = await open()
    const stopped: string[] = []
    frozen.onStop((replyId) => stopped.push(replyId))
    const { replyId, conversationId } = ids()
    writer.begin(replyId, conversationId)
    writer.append(replyId, 1, frameOf(replyId, 1), false)
    await expect.poll(() => frozen.status(replyId)).toBe('streaming')
    const got = recorder()
    await frozen.follow(replyId, 0, got.onFrame, got.onEnd)
    await expect.poll(() => got.seqs()).toEqual([1])
    proxy.freeze()
    // A heartbeat every 5 s, answered within the socket timeout (2.5 s), or the connection is replaced.
    await expect.poll(() => got.ends(), { timeout: 15_000, interval: 200 }).toBe(1)
    await proxy.resume()
    await expect.poll(async () => (await writer.requestStop(replyId), stopped.length > 0), { timeout: RECOVER_WITHIN_MS, interval: 200 }).toBe(true)
    expect(new Set(stopped)).toEqual(new Set([replyId]))
  }, 30_000)
})
