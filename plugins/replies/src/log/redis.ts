import { ChatbotCountersUnavailableException } from '@chatbot-kit/kernel'
import { REDIS_FAIL_FAST, redisFailureReason, reportRedisOutages } from '@chatbot-kit/kernel/plugin'
import { Redis } from 'ioredis'
import { createRedisFollower, type PublishedBatch, type RedisFollower } from './redis-follower.js'
import { replyKeys } from './redis-keys.js'
import { withReplyScripts } from './redis-scripts.js'
import { createSubscriptions } from './redis-subscriptions.js'
import { createReplyWriter } from './redis-writer.js'
import { runStopHandlers } from './stop-handlers.js'
import type { ReplyLog, ReplyLogOptions } from './types.js'

export interface RedisReplyLogOptions extends ReplyLogOptions {
  /** Every key and channel starts with it; default `chatbot:replies`. */
  prefix?: string
}

// An interrupt that keeps losing to live appends is not repairing a dead reply.
const INTERRUPT_ATTEMPTS = 3
// Each lost attempt means another writer appended: this many writers at once all get through.
const APPEND_NEXT_ATTEMPTS = 10

/**
 * The replay log every instance shares on one Redis (`storage: redis://…`), on two connections:
 * commands (batched appends, reads, stop requests) and one subscriber (live frames of followed
 * replies, stop requests). Redis down: appends are dropped (the turn goes on) and every other
 * call rejects at once with a retryable `ChatbotCountersUnavailableException` (503).
 */
export async function createRedisReplyLog(url: string, options: RedisReplyLogOptions): Promise<ReplyLog> {
  const keys = replyKeys(options.prefix)
  const client = withReplyScripts(new Redis(url, REDIS_FAIL_FAST))
  // No ready check on the subscriber: its INFO would fail once a follow subscribed in between
  // (subscriber mode), dropping the connection. Channels are resubscribed by hand (see subscriptions).
  const subscriber = new Redis(url, { ...REDIS_FAIL_FAST, autoResubscribe: false, enableReadyCheck: false })
  reportRedisOutages([client, subscriber], options.logger, {
    store: 'The replay log (Redis)',
    meanwhile: 'replies go on but are not recorded for resuming, and resume and stop answer 503 counters_unavailable until it is back',
  })
  const ttls = { streaming: Math.ceil(options.abandonedAfterSeconds * 1000), ended: Math.ceil(options.resumeWindowSeconds * 1000) }

  // A failure while Redis looked up (not an outage, which is reported once) is reported once per streak.
  let failing = false
  const onDropped = (error: unknown) => {
    if (failing || client.status !== 'ready') return
    failing = true
    options.logger.warn('The replay log could not record frames (they are dropped; replies go on).', error)
  }
  const writer = createReplyWriter(client, keys, ttls, onDropped, () => (failing = false))

  const followers = new Set<RedisFollower>()
  const subscriptions = createSubscriptions(subscriber, () => {
    for (const follower of [...followers]) follower.end()
  })
  const stopHandlers: Array<(replyId: string) => void> = []
  // Stop requests reach this instance from here on (a Redis that is down delays start-up by one attempt).
  await subscriptions.keep(keys.stop, (replyId) => runStopHandlers(stopHandlers, replyId, options.logger))

  const call = async <T>(command: () => Promise<T>): Promise<T> => {
    // Known to be down: refuse at once rather than queue until the next attempt fails.
    if (client.status === 'reconnecting' || subscriber.status === 'reconnecting') throw new ChatbotCountersUnavailableException('reconnecting')
    try {
      return await command()
    } catch (error) {
      throw new ChatbotCountersUnavailableException(redisFailureReason(error), error)
    }
  }
  /**
   * Appends `frame(seq)` at the reply's next seq, atomically with the check that nobody appended
   * first: repairing a dead instance's reply (`conversationId` undefined: only one the log holds),
   * or a reply no turn runs (begun here when the log does not hold it). Undefined once it ended.
   */
  const appendAtNext = async (replyId: string, conversationId: string | undefined, frame: (seq: number) => string, terminal: boolean, streamingTtlMs: number, attempts: number): Promise<number | undefined> => {
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const [[state, heldBy], length] = await call(async () => {
        const [[, meta], [, count]] = (await client.multi().hmget(keys.meta(replyId), 'state', 'conversation').llen(keys.frames(replyId)).exec()) as [[unknown, Array<string | null>], [unknown, number]]
        return [meta, count] as const
      })
      const owner = heldBy ?? conversationId
      if (state === 'ended' || owner == null || (state !== 'streaming' && conversationId === undefined)) return undefined
      const seq = length + 1
      const begins = state === null ? owner : ''
      const appended = await call(() =>
        client.replyAppend(keys.frames(replyId), keys.meta(replyId), keys.latest(owner), replyId, begins, seq, terminal ? 1 : 0, Math.ceil(streamingTtlMs), ttls.ended, keys.channel(replyId), frame(seq)),
      )
      // 0: another instance appended (or ended it) in between: read again.
      if (appended === 1) return seq
    }
    return undefined
  }

  return {
    begin: writer.begin,
    append: writer.append,
    async latest(conversationId) {
      const [pinned, latest] = await call(() => client.mget(keys.pinned(conversationId), keys.latest(conversationId)))
      return pinned ?? latest ?? undefined
    },
    async status(replyId) {
      const state = await call(() => client.hget(keys.meta(replyId), 'state'))
      return state === 'streaming' || state === 'ended' ? state : undefined
    },
    async follow(replyId, afterSeq, onFrame, onEnd) {
      const channel = keys.channel(replyId)
      const listener = (message: string) => follower.onBatch(JSON.parse(message) as PublishedBatch)
      const follower = createRedisFollower(afterSeq, onFrame, onEnd, () => {
        followers.delete(follower)
        subscriptions.remove(channel, listener)
      }, options.logger)
      followers.add(follower)
      try {
        await call(() => subscriptions.add(channel, listener))
        const [[, state], [, frames]] = (await call(() => client.multi().hget(keys.meta(replyId), 'state').lrange(keys.frames(replyId), Math.max(0, afterSeq), -1).exec())) as [[unknown, string | null], [unknown, string[]]]
        if (!state) {
          follower.close()
          return undefined
        }
        follower.start({ ended: state === 'ended', frames })
        return { close: follower.close }
      } catch (error) {
        follower.close()
        throw error
      }
    },
    async interrupt(replyId, frame) {
      return (await appendAtNext(replyId, undefined, frame, true, ttls.streaming, INTERRUPT_ATTEMPTS)) !== undefined
    },
    appendNext: (replyId, conversationId, frame, { terminal, lifetimeSeconds }) => appendAtNext(replyId, conversationId, frame, terminal, lifetimeSeconds * 1000, APPEND_NEXT_ATTEMPTS),
    async pin(conversationId, replyId, lifetimeSeconds = options.abandonedAfterSeconds) {
      const key = keys.pinned(conversationId)
      await call<unknown>(() => (replyId === undefined ? client.del(key) : client.set(key, replyId, 'PX', Math.ceil(lifetimeSeconds * 1000))))
    },
    async requestStop(replyId) {
      await call(() => client.publish(keys.stop, replyId))
    },
    onStop(handler) {
      stopHandlers.push(handler)
    },
    async close() {
      await writer.settled()
      for (const follower of [...followers]) follower.end()
      subscriptions.close()
      client.disconnect()
      subscriber.disconnect()
    },
  }
}
