import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createRedisReplyLog } from '../../src/log/create-reply-log.js'
import { replyKeys } from '../../src/log/redis-keys.js'
import { frameOf, ids, logOptions, range, recorder, redisUrl, removeKeys, testPrefix } from './setup.js'

const prefix = testPrefix('instances')
const eventually = (check: () => void) => expect.poll(() => (check(), true), { timeout: 5000, interval: 20 }).toBe(true)

describe.skipIf(!redisUrl)(redisUrl ? 'several instances on one Redis' : 'several instances on one Redis (skipped: CHATBOT_TEST_REDIS_URL not set)', () => {
  const opened: Array<{ close(): unknown }> = []
  const open = async () => {
    const log = await createRedisReplyLog(redisUrl!, { ...logOptions(), prefix })
    opened.push(log)
    return log
  }
  /** A plain client watching the reply's channel: what the log publishes, message by message. */
  const watch = async (replyId: string) => {
    const client = new Redis(redisUrl!)
    opened.push({ close: () => client.disconnect() })
    const messages: string[] = []
    client.on('message', (_channel: string, message: string) => messages.push(message))
    await client.subscribe(replyKeys(prefix).channel(replyId))
    return messages
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((log) => log.close()))
  })
  afterAll(() => removeKeys(redisUrl!, prefix))

  it('a reply appended on A is replayed and followed live on B, and B sees its status and conversation', async () => {
    const [a, b] = [await open(), await open()]
    const { replyId, conversationId } = ids()
    a.begin(replyId, conversationId)
    for (const seq of range(1, 5)) a.append(replyId, seq, frameOf(replyId, seq), false)
    await expect.poll(() => b.status(replyId)).toBe('streaming')
    expect(await b.latest(conversationId)).toBe(replyId)
    const got = recorder()
    await b.follow(replyId, 2, got.onFrame, got.onEnd)
    for (const seq of range(6, 9)) a.append(replyId, seq, frameOf(replyId, seq), false)
    a.append(replyId, 10, frameOf(replyId, 10, 'done'), true)
    await eventually(() => expect(got.ends()).toBe(1))
    expect(got.seqs()).toEqual(range(3, 10))
    expect(await b.status(replyId)).toBe('ended')
  })

  it('a follower idle for longer than the connection timeouts still gets the next frame', async () => {
    const [a, b] = [await open(), await open()]
    const { replyId, conversationId } = ids()
    a.begin(replyId, conversationId)
    a.append(replyId, 1, frameOf(replyId, 1), false)
    await expect.poll(() => b.status(replyId)).toBe('streaming')
    const got = recorder()
    await b.follow(replyId, 0, got.onFrame, got.onEnd)
    // Past the socket timeout (2.5 s) and a heartbeat (5 s): a healthy, quiet subscriber is kept.
    await sleep(6000)
    a.append(replyId, 2, frameOf(replyId, 2), false)
    await eventually(() => expect(got.seqs()).toEqual([1, 2]))
    expect(got.ends()).toBe(0)
  }, 20_000)

  it('frames appended in one event-loop turn go out as one write: one batch published for many frames', async () => {
    const log = await open()
    const { replyId, conversationId } = ids()
    const published = await watch(replyId)
    log.begin(replyId, conversationId)
    for (const seq of range(1, 200)) log.append(replyId, seq, frameOf(replyId, seq), seq === 200)
    await expect.poll(() => log.status(replyId)).toBe('ended')
    await eventually(() => expect(published).toHaveLength(1))
    const [firstSeq, terminal, frames] = JSON.parse(published[0]!) as [number, number, string[]]
    expect([firstSeq, terminal, frames.length]).toEqual([1, 1, 200])
    expect(frames[199]).toBe(frameOf(replyId, 200))
  })

  it('a stop requested on B reaches the handlers of A and of B', async () => {
    const [a, b] = [await open(), await open()]
    const stopped: string[] = []
    a.onStop((replyId) => stopped.push(`a:${replyId}`))
    b.onStop((replyId) => stopped.push(`b:${replyId}`))
    const [first, second] = [ids().replyId, ids().replyId]
    await b.requestStop(first)
    await b.requestStop(second)
    await eventually(() => expect(stopped.sort()).toEqual([`a:${first}`, `a:${second}`, `b:${first}`, `b:${second}`].sort()))
  })

  it('A and B interrupting the same reply at once append one terminal frame', async () => {
    const [a, b, c] = [await open(), await open(), await open()]
    const { replyId, conversationId } = ids()
    // The turn's instance died after three frames.
    const dead = await open()
    dead.begin(replyId, conversationId)
    for (const seq of range(1, 3)) dead.append(replyId, seq, frameOf(replyId, seq), false)
    await expect.poll(() => a.status(replyId)).toBe('streaming')
    const got = recorder()
    await c.follow(replyId, 0, got.onFrame, got.onEnd)
    const interrupted = (instance: string) => (seq: number) => `id: ${replyId}:${seq}\ndata: {"type":"error","by":"${instance}"}\n\n`
    const results = await Promise.all([a.interrupt(replyId, interrupted('a')), b.interrupt(replyId, interrupted('b')), a.interrupt(replyId, interrupted('a'))])
    expect(results.filter(Boolean)).toHaveLength(1)
    await eventually(() => expect(got.ends()).toBe(1))
    expect(got.seqs()).toEqual([1, 2, 3, 4])
    expect(got.frames()[3]).toMatch(/^id: .+:4\ndata: \{"type":"error","by":"[ab]"\}\n\n$/)
    // The dead instance's late frames (were it only slow) land nowhere.
    dead.append(replyId, 4, frameOf(replyId, 4), false)
    const replay = recorder()
    await b.follow(replyId, 0, replay.onFrame, replay.onEnd)
    await eventually(() => expect(replay.ends()).toBe(1))
    expect(replay.frames()).toEqual(got.frames())
  })
})
