import type { StreamEvent } from '@chatbot-kit/kernel'
import { parseEvent, sseFrames } from '@chatbot-kit/widget/stream'

/** One event of our stream: its SSE id (`<message_id>:<seq>`, `''` when it had none) and its data. */
export interface ReplyEvent {
  id: string
  event: StreamEvent
}

/**
 * Yields each event of a reply's `text/event-stream` body as it completes, read by the widget's
 * SSE client. Data that is not a JSON object with a string `type` is skipped, so a newer server
 * cannot break an older client. Throws when the read fails (a dropped connection, an abort);
 * returns at the body's end, complete or not; leaving early closes the connection.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ReplyEvent, void, undefined> {
  for await (const { data, id } of sseFrames(body)) {
    const event = parseEvent(data)
    if (event) yield { id, event }
  }
}
