import type { StreamEvent } from '@chatbot-kit/kernel'

/** One event of our stream: its SSE id (`<message_id>:<seq>`, `''` when it had none) and its data. */
export interface ReplyEvent {
  id: string
  event: StreamEvent
}

/**
 * Yields each event of a `text/event-stream` body as it completes (WHATWG framing as our server
 * writes it: LF or CRLF line ends, `data:` lines joined by LF, a blank line dispatches, comments
 * such as `: keep-alive` skipped). Data that is not a JSON object with a string `type` is
 * skipped, so a newer server cannot break an older client. Throws when the read fails (a dropped
 * connection, an abort); returns at the body's end, complete or not.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ReplyEvent, void, undefined> {
  const decoder = new TextDecoder()
  const reader = body.getReader()
  let buffer = ''
  let data: string[] = []
  let id = ''
  try {
    for (let done = false; !done; ) {
      const chunk = await reader.read()
      done = chunk.done
      const lines = (buffer + decoder.decode(chunk.value, { stream: !done })).split('\n')
      // The last piece has no line end yet: it waits for the next chunk.
      buffer = lines.pop()!
      for (const raw of lines) {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
        if (line === '') {
          const event = data.length > 0 ? parseEvent(data.join('\n')) : null
          data = []
          if (event) yield { id, event }
        } else if (line === 'data' || line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5))
        else if (line.startsWith('id:')) id = line.slice(line.startsWith('id: ') ? 4 : 3)
      }
    }
  } finally {
    // Leaving early (a stop, an error event consumed) closes the connection.
    reader.cancel().catch(() => {})
  }
}

function parseEvent(data: string): StreamEvent | null {
  try {
    const event = JSON.parse(data) as { type?: unknown } | null
    return typeof event?.type === 'string' ? (event as StreamEvent) : null
  } catch {
    return null
  }
}
