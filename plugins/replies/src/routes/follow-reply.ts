import type { PluginApi } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'
import type { ReplyFollower, ReplyLog } from '../log/types.js'
import { noContent } from './request-envelope.js'

/**
 * Answers with the reply's frames after `afterSeq` as first sent, then its live ones, and closes
 * after the terminal frame. The browser leaving closes the follower; a follow that sees nothing
 * for `idleLimitMs` (a reply whose instance died and was not repaired yet) closes too. 204 when
 * the log no longer holds the reply.
 */
export async function followReply(api: PluginApi, log: ReplyLog, event: H3Event, replyId: string, afterSeq: number, idleLimitMs: number): Promise<unknown> {
  let follower: ReplyFollower | undefined
  let left = false
  let guarding = true
  const stopGuard = () => {
    guarding = false
    clearTimeout(guard)
  }
  const finish = () => {
    stopGuard()
    follower?.close()
  }
  const stream = api.openEventStream(event, () => {
    left = true
    finish()
  })
  // A reply the log still holds as streaming is alive (one no turn runs, a handoff's, may be quiet
  // for long): only one it dropped, or that ended, closes the stream.
  const guard = setTimeout(() => {
    const close = () => {
      if (!guarding) return
      finish()
      stream.close()
    }
    void log.status(replyId).then((status) => (status === 'streaming' && guarding ? guard.refresh() : close()), close)
  }, idleLimitMs)
  guard.unref()
  try {
    follower = await log.follow(
      replyId,
      afterSeq,
      (frame) => {
        guard.refresh()
        stream.write(frame)
      },
      () => {
        stopGuard()
        stream.close()
      },
    )
  } catch (error) {
    stopGuard()
    stream.close()
    throw error
  }
  if (!follower) {
    stopGuard()
    stream.close()
    return noContent()
  }
  // The browser left while the log was being read.
  if (left) follower.close()
  return stream.response
}
