import type { StreamEvent } from './stream-events.js'
import type { Turn } from './types.js'

/** One event of a reply as it went out: what `turn:event` listeners get. */
export interface SentEvent {
  /** The SSE id, `<reply id>:<seq>`. */
  id: string
  /** 1 for the first event of the reply, then one more for each, with no gaps. */
  seq: number
  event: StreamEvent
  /** The exact frame written: `id: …\ndata: …\n\n`. A resumed stream repeats it byte for byte. */
  frame: string
}

/**
 * `turn.send`: numbers each event, frames it once, hands the frame to the `turn:event`
 * listeners (`notify`, snapshotted per turn, like `turn:chunk`'s; a listener that throws is
 * logged and skipped there: a replay log that failed must not end the reply), then to the output.
 */
export function createEventSink(turn: Turn, notify: ((turn: Turn, sent: SentEvent) => void) | undefined, write: (frame: string) => void): (event: StreamEvent) => void {
  let seq = 0
  const prefix = `id: ${turn.replyId}:`
  return (event) => {
    seq += 1
    const frame = `${prefix}${seq}\ndata: ${JSON.stringify(event)}\n\n`
    notify?.(turn, { id: `${turn.replyId}:${seq}`, seq, event, frame })
    write(frame)
  }
}
