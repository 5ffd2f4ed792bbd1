import type { H3Event, HTTPResponse } from 'h3'
import type { KeepAlive } from './keep-alive.js'
import { SSE_HEADERS, SseStream } from './stream.js'

/** A server-sent-event response a plugin writes frames to (the replies plugin's resume route). */
export interface EventStream {
  /** Writes one complete frame; nothing once the stream closed. */
  write(frame: string): void
  close(): void
  readonly closed: boolean
  /** What the route handler returns. */
  readonly response: HTTPResponse | Response
}

/** Opens an event stream kept alive with the reply streams; `onClose` runs once if the browser leaves first. */
export function openEventStream(keepAlive: KeepAlive, event: H3Event, onClose?: () => void, headers: Record<string, string> = {}): EventStream {
  const sse = new SseStream(() => {
    keepAlive.delete(sse)
    onClose?.()
  })
  keepAlive.add(sse)
  return {
    write: (frame) => sse.write(frame),
    close() {
      keepAlive.delete(sse)
      sse.close()
    },
    get closed() {
      return sse.closed
    },
    response: sse.response(event, { ...SSE_HEADERS, ...headers }),
  }
}
