import type { ReplyKeys } from './redis-keys.js'
import type { ScriptedPipeline, ScriptedRedis } from './redis-scripts.js'

export interface ReplyTtls {
  /** Milliseconds a reply with no terminal frame stays after its last one. */
  streaming: number
  /** Milliseconds a reply stays after its terminal frame. */
  ended: number
}

interface Batch {
  conversationId: string
  begins: boolean
  firstSeq: number
  frames: string[]
  terminal: boolean
}

export interface ReplyWriter {
  begin(replyId: string, conversationId: string): void
  append(replyId: string, seq: number, frame: string, terminal: boolean): void
  /** Settles once what was appended so far is written (or dropped). */
  settled(): Promise<void>
}

/**
 * The write side of the Redis log, on the turn's path: `append` only queues. Everything queued in
 * one event-loop turn goes out as one pipeline (one round trip, one script call per reply, each
 * atomic), however many replies and tokens it holds; while one is in flight, the next waits and
 * grows, so a busy process sends fewer, larger writes rather than more. A pipeline that fails is
 * dropped, never retried (its frames may have been written); `onDropped` hears of it.
 */
export function createReplyWriter(client: ScriptedRedis, keys: ReplyKeys, ttls: ReplyTtls, onDropped: (error: unknown) => void, onWritten: () => void): ReplyWriter {
  // The replies this process began and has not ended: their conversation (it names the latest
  // key) and the seq their next frame must have.
  const running = new Map<string, { conversationId: string; next: number }>()
  let queued = new Map<string, Batch>()
  let writing: Promise<void> | undefined
  let scheduled = false

  const flush = () => {
    scheduled = false
    if (writing || queued.size === 0) return
    const batches = queued
    queued = new Map()
    // Known to be down: drop at once rather than queue frames nobody may ever read.
    if (client.status === 'reconnecting' || client.status === 'close' || client.status === 'end') return onDropped(undefined)
    const pipeline = client.pipeline() as ScriptedPipeline
    for (const [replyId, batch] of batches) {
      const { conversationId, begins, firstSeq, frames, terminal } = batch
      pipeline.replyAppend(keys.frames(replyId), keys.meta(replyId), keys.latest(conversationId), replyId, begins ? conversationId : '', firstSeq, terminal ? 1 : 0, ttls.streaming, ttls.ended, keys.channel(replyId), ...frames)
    }
    writing = pipeline
      .exec()
      .then((results) => {
        const failed = results?.find(([error]) => error)
        if (failed) throw failed[0]
      })
      .then(onWritten, onDropped)
      .then(() => {
        writing = undefined
        flush()
      })
  }
  const queue = (replyId: string, conversationId: string, firstSeq: number) => {
    let batch = queued.get(replyId)
    if (!batch) queued.set(replyId, (batch = { conversationId, begins: false, firstSeq, frames: [], terminal: false }))
    if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
    return batch
  }

  return {
    begin(replyId, conversationId) {
      running.set(replyId, { conversationId, next: 1 })
      queue(replyId, conversationId, 1).begins = true
    },
    append(replyId, seq, frame, terminal) {
      const reply = running.get(replyId)
      // Out of order, the script would store it under the wrong seq: keep the log a clean prefix.
      if (reply?.next !== seq) return
      reply.next += 1
      const batch = queue(replyId, reply.conversationId, seq)
      batch.frames.push(frame)
      batch.terminal = terminal
      if (terminal) running.delete(replyId)
    },
    async settled() {
      while (scheduled || writing) await (writing ?? new Promise((resolve) => setImmediate(resolve)))
    },
  }
}
