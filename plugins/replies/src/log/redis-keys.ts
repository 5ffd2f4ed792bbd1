/** Where the Redis replay log keeps things, all under one prefix (tests use their own). */
export interface ReplyKeys {
  /** A list: the reply's frames, seq 1 first. */
  frames(replyId: string): string
  /** A hash: `state` (`streaming` or `ended`) and `conversation`. Present while the log holds the reply. */
  meta(replyId: string): string
  /** The channel a batch of new frames is published on: `[firstSeq, terminal (0/1), frames]`. */
  channel(replyId: string): string
  /** A string: the conversation's latest reply, expiring with it. */
  latest(conversationId: string): string
  /** A string: the reply `latest` answers while set, whatever replies begin since (`pin`). */
  pinned(conversationId: string): string
  /** The channel of stop requests (each message a reply id). */
  stop: string
}

export const DEFAULT_REPLY_PREFIX = 'chatbot:replies'

export function replyKeys(prefix = DEFAULT_REPLY_PREFIX): ReplyKeys {
  return {
    frames: (replyId) => `${prefix}:reply:${replyId}:frames`,
    meta: (replyId) => `${prefix}:reply:${replyId}:meta`,
    channel: (replyId) => `${prefix}:reply:${replyId}:live`,
    latest: (conversationId) => `${prefix}:conversation:${conversationId}:latest`,
    pinned: (conversationId) => `${prefix}:conversation:${conversationId}:pinned`,
    stop: `${prefix}:stop`,
  }
}
