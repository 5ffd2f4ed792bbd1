import type { ConsolaInstance } from 'consola'
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

export type EventListener = (turn: Turn, sent: SentEvent) => void

/**
 * `turn.send`: numbers each event, frames it once, hands the frame to the `turn:event`
 * listeners (snapshotted per turn, like `turn:chunk`), then to the browser's stream. A listener
 * that throws is logged and skipped: a replay log that failed must not end the reply.
 */
export function createEventSink(turn: Turn, listeners: EventListener[], write: (frame: string) => void, logger: ConsolaInstance): (event: StreamEvent) => void {
  let seq = 0
  const prefix = `id: ${turn.replyId}:`
  return (event) => {
    seq += 1
    const frame = `${prefix}${seq}\ndata: ${JSON.stringify(event)}\n\n`
    if (listeners.length > 0) {
      const sent: SentEvent = { id: `${turn.replyId}:${seq}`, seq, event, frame }
      for (const listener of listeners) {
        try {
          listener(turn, sent)
        } catch (error) {
          logger.error('A turn:event hook failed:', error)
        }
      }
    }
    write(frame)
  }
}
