import { clientError, RequestFailure } from '../api/errors.js'
import { resumeReply, type FetchLike } from '../api/requests.js'
import { readSse } from '../stream/sse.js'
import { backoffDelay, RECONNECT_WINDOW_MS, sleep } from '../stream/backoff.js'

/** Applies one event (its data and SSE id); true when the event ends the reply. */
export type EventHandler = (data: string, id: string) => boolean

/**
 * Reads one event stream; true when it carried the reply's end. A connection that drops (a
 * network error, or a body that ends early) gives false; a Stop (abort) and an `error` event
 * (the handler's `RequestFailure`) go up.
 */
export async function readReply(body: ReadableStream<Uint8Array>, onEvent: EventHandler, signal: AbortSignal): Promise<boolean> {
  let ended = false
  try {
    await readSse(body, (data, id) => void (ended ||= onEvent(data, id)), signal)
  } catch (error) {
    if (signal.aborted || error instanceof RequestFailure) throw error
  }
  signal.throwIfAborted()
  return ended
}

export interface FollowOptions {
  fetch: FetchLike
  endpoint: string
  token: string
  conversationId: string
  signal: AbortSignal
  /** The id of the last event applied, sent as `Last-Event-ID` (none: the whole reply). */
  lastId: () => string
  onEvent: EventHandler
  /** True while waiting to reconnect, false once a resumed stream opened. */
  onWait: (waiting: boolean) => void
}

/**
 * Follows the conversation's latest reply through the resume route until it ends, reconnecting
 * after each drop with backoff for up to a minute from the last event that arrived; then it
 * throws `stream_interrupted`. A refusal (403, 404, 422) is final. Resolves false when the
 * server has nothing to resume (204: the reply ended long ago, or its log is gone).
 */
export async function followReply(options: FollowOptions): Promise<boolean> {
  const { signal } = options
  let since = Date.now()
  for (let attempt = 0; ; attempt++) {
    const before = options.lastId()
    let body
    try {
      body = await resumeReply({ ...options, lastEventId: before })
      options.onWait(false)
    } catch (error) {
      if (signal.aborted || !(error instanceof RequestFailure) || !error.error.retryable) throw error
    }
    if (body === null) return false
    if (body && (await readReply(body, options.onEvent, signal))) return true
    // Events arrived: the connection worked, so the next drop starts a new window.
    if (options.lastId() !== before) [since, attempt] = [Date.now(), 0]
    const delay = backoffDelay(attempt)
    if (Date.now() + delay - since > RECONNECT_WINDOW_MS) throw new RequestFailure(clientError('stream_interrupted'))
    options.onWait(true)
    await sleep(delay, signal)
    signal.throwIfAborted()
  }
}
