import type { DoneStreamEvent, StreamEvent } from '@chatbot-kit/kernel'
import type { LocalReplies } from '../drafts/local-replies.js'
import type { ReplyLog } from '../log/types.js'

/** How long the stop route waits for the reply's last event, wherever it runs. */
export const STOP_WAIT_MS = 5000

export type StopResult = { stopped: true; message_id: string } | { stopped: false }

/**
 * Stops a reply in progress: here through its turn, on another instance through the log's stop
 * request (every instance's `onStop` stops its own turn). Then waits, through the log, for its
 * terminal event: stopped only when that is `done` with finish reason `stopped`, not when it
 * ended first or otherwise, or nothing streamed.
 */
export async function stopReply(log: ReplyLog, replies: LocalReplies, replyId: string, waitMs = STOP_WAIT_MS): Promise<StopResult> {
  const local = replies.running(replyId)
  if (!local && (await log.status(replyId)) !== 'streaming') return { stopped: false }
  let lastFrame: string | undefined
  let sawEnd: (ended: boolean) => void = () => {}
  const ended = new Promise<boolean>((resolve) => (sawEnd = resolve))
  // Following before stopping: with `resumeWindow: 0` an ended reply leaves the log at once.
  const follower = await log.follow(replyId, 0, (frame) => (lastFrame = frame), () => sawEnd(true))
  if (!follower) return { stopped: false }
  const timer = setTimeout(() => sawEnd(false), waitMs)
  try {
    if (local) local.turn.stop()
    else await log.requestStop(replyId)
    const last = (await ended) && lastFrame ? eventOf(lastFrame) : undefined
    return last?.type === 'done' && (last as DoneStreamEvent).finish_reason === 'stopped' ? { stopped: true, message_id: replyId } : { stopped: false }
  } finally {
    clearTimeout(timer)
    follower.close()
  }
}

/** The event of a frame the kernel wrote (`id: …\ndata: <json>\n\n`, one data line). */
function eventOf(frame: string): StreamEvent | undefined {
  const start = frame.indexOf('data: ')
  try {
    return start === -1 ? undefined : (JSON.parse(frame.slice(start + 6).trimEnd()) as StreamEvent)
  } catch {
    return undefined
  }
}
