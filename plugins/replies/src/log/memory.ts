import { Buffer } from 'node:buffer'
import { createFollowers, type Followers } from './followers.js'
import { FrameStore } from './frame-store.js'
import { runStopHandlers } from './stop-handlers.js'
import type { ReplyLog, ReplyLogOptions } from './types.js'

/** The frames the memory log keeps, all replies together, unless told otherwise: 64 MiB. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024
// Expiry is checked on every read; the sweep only frees what nobody reads again.
const SWEEP_INTERVAL_MS = 5000

export interface MemoryReplyLogOptions extends ReplyLogOptions {
  /** Bytes of frames kept in all; past it the replies that ended longest ago go first. */
  maxBytes?: number
}

interface Reply {
  conversationId: string
  frames: FrameStore
  bytes: number
  ended: boolean
  expiresAt: number
  /** Made when a stream first follows the reply: most replies are never resumed. */
  followers: Followers | undefined
}

/**
 * The replay log of one process (`storage: memory:`). Followers get each frame synchronously as
 * it is appended. Replies in progress are never evicted by the byte budget (their streams still
 * read them); an instance whose turns all end holds at most `maxBytes` of ended ones.
 */
export function createMemoryReplyLog(options: MemoryReplyLogOptions): ReplyLog {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const replies = new Map<string, Reply>()
  // In the order they ended: the first ones are evicted first.
  const ended = new Map<string, Reply>()
  const latestOf = new Map<string, string>()
  const stopHandlers: Array<(replyId: string) => void> = []
  let totalBytes = 0

  const drop = (replyId: string, reply: Reply) => {
    replies.delete(replyId)
    ended.delete(replyId)
    totalBytes -= reply.bytes
    if (latestOf.get(reply.conversationId) === replyId) latestOf.delete(reply.conversationId)
    // Only an abandoned reply still has followers: its streams end rather than wait forever.
    reply.followers?.end()
  }
  const held = (replyId: string): Reply | undefined => {
    const reply = replies.get(replyId)
    if (reply && reply.expiresAt <= Date.now()) drop(replyId, reply)
    else return reply
  }
  const evictOverBudget = () => {
    for (const [replyId, reply] of ended) {
      if (totalBytes <= maxBytes) return
      drop(replyId, reply)
    }
  }
  const sweep = setInterval(() => {
    for (const replyId of replies.keys()) held(replyId)
  }, SWEEP_INTERVAL_MS)
  sweep.unref()

  const push = (replyId: string, reply: Reply, frame: string, terminal: boolean, token?: string) => {
    reply.frames.push(frame, token, terminal)
    const bytes = Buffer.byteLength(frame)
    reply.bytes += bytes
    totalBytes += bytes
    reply.ended = terminal
    reply.expiresAt = Date.now() + 1000 * (terminal ? options.resumeWindowSeconds : options.abandonedAfterSeconds)
    if (terminal) ended.set(replyId, reply)
    reply.followers?.deliver(frame, reply.frames.length, terminal)
    if (totalBytes > maxBytes) evictOverBudget()
  }

  return {
    begin(replyId, conversationId, text) {
      const previous = replies.get(replyId)
      if (previous) drop(replyId, previous)
      const expiresAt = Date.now() + 1000 * options.abandonedAfterSeconds
      replies.set(replyId, { conversationId, frames: new FrameStore(replyId, text), bytes: 0, ended: false, expiresAt, followers: undefined })
      latestOf.set(conversationId, replyId)
    },
    append(replyId, seq, frame, terminal, token) {
      const reply = held(replyId)
      // A frame out of order (or after the end) would break every replay: keep the log a clean prefix.
      if (!reply || reply.ended || seq !== reply.frames.length + 1) return
      push(replyId, reply, frame, terminal, token)
    },
    async latest(conversationId) {
      const replyId = latestOf.get(conversationId)
      return replyId && held(replyId) ? replyId : undefined
    },
    async status(replyId) {
      const reply = held(replyId)
      if (reply) return reply.ended ? 'ended' : 'streaming'
    },
    async follow(replyId, afterSeq, onFrame, onEnd) {
      const reply = held(replyId)
      if (!reply) return undefined
      const from = Math.max(0, afterSeq)
      for (let seq = from + 1; seq <= reply.frames.length; seq++) onFrame(reply.frames.get(seq), seq)
      if (reply.ended) {
        onEnd()
        return { close() {} }
      }
      // Past the frames so far (a client that got more than this log holds): only later ones.
      reply.followers ??= createFollowers(options.logger)
      return reply.followers.add((frame, seq) => {
        if (seq > from) onFrame(frame, seq)
      }, onEnd)
    },
    async interrupt(replyId, frame) {
      const reply = held(replyId)
      if (!reply || reply.ended) return false
      push(replyId, reply, frame(reply.frames.length + 1), true)
      return true
    },
    async requestStop(replyId) {
      runStopHandlers(stopHandlers, replyId, options.logger)
    },
    onStop(handler) {
      stopHandlers.push(handler)
    },
    async close() {
      clearInterval(sweep)
      for (const reply of replies.values()) reply.followers?.end()
      replies.clear()
      ended.clear()
      latestOf.clear()
      totalBytes = 0
    },
  }
}
