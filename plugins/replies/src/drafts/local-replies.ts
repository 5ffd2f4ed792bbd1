import type { Turn } from '@chatbot-kit/kernel'

/** A reply this instance runs, from its first event until its draft row is gone. */
export interface LocalReply {
  readonly turn: Turn
  readonly startedAt: Date
  /** Its terminal event went out: the kernel stored the message first. */
  ended: boolean
  /** A draft row was (or is being) inserted, so one may need deleting. */
  drafted: boolean
  /** Length of the text the draft row holds (`turn.text` only grows). */
  writtenLength: number
  /** When the row was last written, in epoch ms: the oldest is rewritten first. */
  writtenAt: number
}

/**
 * The replies running on this instance by reply id: the stop handler stops them, history lists
 * their live text, the draft flusher writes their rows. Ended ones with a row stay until the
 * flusher deleted it.
 */
export function createLocalReplies() {
  const replies = new Map<string, LocalReply>()
  return {
    begin(turn: Turn): void {
      replies.set(turn.replyId, { turn, startedAt: new Date(), ended: false, drafted: false, writtenLength: -1, writtenAt: 0 })
    },
    end(replyId: string): void {
      const reply = replies.get(replyId)
      if (!reply) return
      reply.ended = true
      // No row to delete: nothing more to do for it.
      if (!reply.drafted) replies.delete(replyId)
    },
    forget(replyId: string): void {
      replies.delete(replyId)
    },
    /** Still streaming here (not ended). */
    running(replyId: string): LocalReply | undefined {
      const reply = replies.get(replyId)
      return reply && !reply.ended ? reply : undefined
    },
    /** This conversation's replies still streaming here, oldest first. */
    runningIn(conversationId: number): LocalReply[] {
      return [...replies.values()].filter((reply) => !reply.ended && reply.turn.conversation.id === conversationId)
    },
    all(): IterableIterator<LocalReply> {
      return replies.values()
    },
  }
}

export type LocalReplies = ReturnType<typeof createLocalReplies>
