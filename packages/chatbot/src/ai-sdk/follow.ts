import { ChatbotTransportError } from './errors.js'
import { readEvents, type ReplyEvent } from './sse.js'

/** How long a dropped reply keeps reconnecting, counted from its last event (as the widget does). */
export const RECONNECT_WINDOW_MS = 60_000

/** The wait before reconnection `attempt` (from 0): 0.5 s doubling up to 8 s, ±25 %. */
export const backoffDelay = (attempt: number, random = Math.random): number => Math.min(500 * 2 ** attempt, 8000) * (0.75 + random() / 2)

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

const ID = /^(.+):(\d+)$/

/**
 * Yields the events of one reply from `body` until its `done` or `error`. When the connection
 * drops first (a network error, or a body that ends early), it reconnects through the resume
 * route with the last event's id, with backoff, for up to a minute from the last event that
 * arrived, and yields only what follows: no event twice, none lost. Then it gives up with
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

/** `seen` for an event already applied, `next` for a later one of the same reply, `other` for another reply's. */
function placeOf(id: string, last: string): 'seen' | 'next' | 'other' {
  const event = ID.exec(id)
  if (!event) return 'next'
  const previous = ID.exec(last)
  if (!previous || event[1] !== previous[1]) return 'other'
  return Number(event[2]) > Number(previous[2]) ? 'next' : 'seen'
}

const interrupted = () => new ChatbotTransportError('The connection to the chatbot server dropped and the reply could not be resumed.', { code: 'stream_interrupted', retryable: true })

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
}
