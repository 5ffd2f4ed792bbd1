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
  /** Seconds it stays after a frame while it has no terminal one. */
  lifetimeSeconds: number
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
  const pinnedOf = new Map<string, { replyId: string; until: number }>()
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
    reply.expiresAt = Date.now() + 1000 * (terminal ? options.resumeWindowSeconds : reply.lifetimeSeconds)
    if (terminal) ended.set(replyId, reply)
    reply.followers?.deliver(frame, reply.frames.length, terminal)
    if (totalBytes > maxBytes) evictOverBudget()
  }

  const begin = (replyId: string, conversationId: string, text?: () => string, lifetimeSeconds = options.abandonedAfterSeconds): Reply => {
    const previous = replies.get(replyId)
    if (previous) drop(replyId, previous)
    const expiresAt = Date.now() + 1000 * lifetimeSeconds
    const reply: Reply = { conversationId, frames: new FrameStore(replyId, text), bytes: 0, ended: false, expiresAt, lifetimeSeconds, followers: undefined }
    replies.set(replyId, reply)
    latestOf.set(conversationId, replyId)
    return reply
  }

  return {
    begin(replyId, conversationId, text) {
      begin(replyId, conversationId, text)
    },
    append(replyId, seq, frame, terminal, token) {
      const reply = held(replyId)
      // A frame out of order (or after the end) would break every replay: keep the log a clean prefix.
      if (!reply || reply.ended || seq !== reply.frames.length + 1) return
      push(replyId, reply, frame, terminal, token)
    },
    async latest(conversationId) {
      const pinned = pinnedOf.get(conversationId)
      if (pinned && pinned.until > Date.now() && held(pinned.replyId)) return pinned.replyId
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
    async appendNext(replyId, conversationId, frame, { terminal, lifetimeSeconds }) {
      const reply = held(replyId) ?? begin(replyId, conversationId, undefined, lifetimeSeconds)
      if (reply.ended) return undefined
      reply.lifetimeSeconds = lifetimeSeconds
      const seq = reply.frames.length + 1
      push(replyId, reply, frame(seq), terminal)
      return seq
    },
    async pin(conversationId, replyId, lifetimeSeconds = options.abandonedAfterSeconds) {
      if (replyId === undefined) pinnedOf.delete(conversationId)
      else pinnedOf.set(conversationId, { replyId, until: Date.now() + 1000 * lifetimeSeconds })
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
      pinnedOf.clear()
      totalBytes = 0
    },
  }
}
