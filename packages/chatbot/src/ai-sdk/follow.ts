import { backoffDelay, placeOf, RECONNECT_WINDOW_MS, sleep } from '@chatbot-kit/widget/stream'
import { ChatbotTransportError } from './errors.js'
import { readEvents, type ReplyEvent } from './sse.js'

export interface FollowOptions {
  /**
   * Opens the resume route with `Last-Event-ID` (none: the whole reply). Resolves the stream,
   * `null` for 204 (nothing to resume), or throws the server's error.
   */
  resume(lastEventId: string | undefined, signal: AbortSignal): Promise<Response | null>
  signal: AbortSignal
  /** The id of the last event already applied, when the stream picks up a reply under way. */
  lastEventId?: string
}

/**
 * Yields the events of one reply from `body` until its `done` or `error`. When the connection
 * drops first (a network error, or a body that ends early), it reconnects through the resume
 * route with the last event's id, with backoff, for up to a minute from the last event that
 * arrived (the widget's reconnect window, backoff and resume position), and yields only what
 * follows: no event twice, none lost. Then it gives up with
 * `stream_interrupted`. An abort of `signal` ends it quietly.
 */
export async function* followReply(body: ReadableStream<Uint8Array>, options: FollowOptions): AsyncGenerator<ReplyEvent, void, undefined> {
  const { signal } = options
  let lastId = options.lastEventId ?? ''
  let current: ReadableStream<Uint8Array> | null = body
  let since = Date.now()
  for (let attempt = 0; ; ) {
    if (current) {
      const before = lastId
      try {
        for await (const item of readEvents(current)) {
          const place = placeOf(item.id, lastId)
          if (place === 'seen') continue
          // The conversation's latest reply is another one now: ours ended while we were away.
          if (place === 'other' && lastId !== '') throw interrupted()
          if (item.id) lastId = item.id
          yield item
          if (item.event.type === 'done' || item.event.type === 'error') return
        }
      } catch (error) {
        if (signal.aborted || ChatbotTransportError.isInstance(error)) throw error
        // A dropped connection: reconnect below.
      }
      if (lastId !== before) [since, attempt] = [Date.now(), 0]
    }
    const delay = backoffDelay(attempt++)
    if (Date.now() + delay - since > RECONNECT_WINDOW_MS) throw interrupted()
    await sleep(delay, signal)
    signal.throwIfAborted()
    let response: Response | null
    try {
      response = await options.resume(lastId || undefined, signal)
    } catch (error) {
      if (signal.aborted || (ChatbotTransportError.isInstance(error) && !error.retryable)) throw error
      current = null
      continue
    }
    // 204: the reply left the server's log; what was stored is in the history.
    if (!response?.body) throw interrupted()
    current = response.body
  }
}

const interrupted = () => new ChatbotTransportError('The connection to the chatbot server dropped and the reply could not be resumed.', { code: 'stream_interrupted', retryable: true })
