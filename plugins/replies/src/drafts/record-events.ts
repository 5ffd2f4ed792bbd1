import type { SentEvent, Turn } from '@chatbot-kit/kernel'
import type { ReplyLog } from '../log/types.js'
import type { LocalReplies } from './local-replies.js'

/**
 * `turn:event`, once per token: the frame goes to the replay log as sent, and the reply is
 * known here from its first event to its last (`done` or `error`, sent once it was stored).
 * Synchronous and allocation-free beyond what the log does.
 */
export function createEventRecorder(log: ReplyLog, replies: LocalReplies) {
  return (turn: Turn, sent: SentEvent): void => {
    if (sent.seq === 1) {
      log.begin(turn.replyId, turn.conversation.publicId, () => turn.text)
      replies.begin(turn)
    }
    const terminal = sent.event.type === 'done' || sent.event.type === 'error'
    log.append(turn.replyId, sent.seq, sent.frame, terminal, sent.event.type === 'token' ? sent.event.content : undefined)
    if (terminal) replies.end(turn.replyId)
  }
}
