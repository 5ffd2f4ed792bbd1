import type { ServerResponse } from 'node:http'
import { HTTPResponse, type H3Event } from 'h3'
import { flatten } from '../flatten.js'

const KEEP_ALIVE = ': keep-alive\n\n'
/**
 * Every stream's first bytes, sent alone with the head: a proxy that decides on compression from
 * its first read of the body (Caddy 2.6's `encode` compresses a first read over 512 bytes, then
 * holds the compressed stream until it ends, whatever `no-transform` says) sees a short one and
 * leaves the stream as it is. A resume's backlog or a turn's first event can be bigger.
 */
export const SSE_OPENING = ': open\n\n'
/**
 * What may follow the opening at once: with it, at most the 512 bytes below which Caddy leaves a
 * stream uncompressed, however its first read cuts the bytes. The rest of the first bytes waits
 * until the opening is `OPENING_GAP_MS` old, so the proxy has read it alone (loopback Caddy needed
 * well under that). A turn's first events usually fit; a resume's backlog, a long
 * `context_summary` or a turn's `sources` is cut there and its tail follows behind the gap. Only
 * a request that came through a proxy (it carries `Via`, `Forwarded` or `X-Forwarded-For`, as
 * Caddy's `reverse_proxy` always adds) waits: straight from a browser there is nothing to
 * outwit, and the gap would delay a knowledge turn's first token by up to 25 ms.
 */
const OPENING_BUDGET = 512 - SSE_OPENING.length
const OPENING_GAP_MS = 25
const PROXY_HEADERS = ['via', 'forwarded', 'x-forwarded-for']

export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
}

/**
 * One server-sent-event response. On Node's HTTP server each frame is written straight to the
 * `ServerResponse`, with no web stream in between: that stream layer (a `ReadableStream` with a
 * pending read, piped by srvx) was most of a slow stream's memory and delayed noticing a closed
 * socket. Elsewhere (`chatbot.fetch`, Nitro, Nuxt) the frames go through a `ReadableStream`.
 * `onCancel` fires once when the browser goes away.
 */
export class SseStream {
  closed = false
  /** Keep-alive ticks since the last write (reset on every write). */
  idleTicks = 0
  /** Frames written before the response reached its destination (the first frames of a turn). */
  #pending: string[] | undefined = []
  #write: ((frame: string) => void) | undefined
  #end: (() => void) | undefined
  /** Bytes that may still go straight out behind the opening; `undefined` once the gap has passed. */
  #budget: number | undefined = OPENING_BUDGET
  #openedAt = 0
  /** What waits for the gap behind the opening. */
  #held: string[] | undefined
  /**
   * Frames sent in this tick after its first, written together before the tick ends: a provider
   * read carries many deltas, and a response write per frame was a good part of a relay's time.
   * `undefined` when no frame went out in this tick, so a tick's first frame is never delayed.
   */
  #batch: string | undefined
  readonly #onCancel: (reason?: unknown) => void

  constructor(onCancel: (reason?: unknown) => void) {
    this.#onCancel = onCancel
  }

  /** The response carrying this stream, for the server the event came through. */
  response(event: H3Event, headers: Record<string, string>): HTTPResponse | Response {
    if (!PROXY_HEADERS.some((name) => event.req.headers.has(name))) this.#budget = undefined
    const res = (event.runtime?.node as { res?: ServerResponse } | undefined)?.res
    if (res) {
      // srvx writes the head (with the cookies h3 merged in) and hands over the Node response.
      const target = { pipe: (destination: ServerResponse) => this.#attachNode(destination), destroy: () => this.#cancel() }
      return new HTTPResponse(target as unknown as BodyInit, { headers })
    }
    return new Response(this.#readable(), { headers })
  }

  /** Writes one complete frame (`id:` and `data:` lines and the blank line that ends it). */
  write(frame: string): void {
    this.#frame(frame)
  }

  keepAlive(): void {
    this.#frame(KEEP_ALIVE)
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.#flush()
    // Held bytes go out first; the release ends the stream then.
    if (!this.#held) this.#end?.()
  }

  #frame(frame: string): void {
    if (this.closed) return
    this.idleTicks = 0
    if (this.#write) this.#send(frame)
    else this.#pending?.push(frame)
  }

  #send(text: string): void {
    if (this.#held) {
      this.#held.push(text)
      return
    }
    if (this.#budget !== undefined) {
      const waited = performance.now() - this.#openedAt
      const bytes = Buffer.byteLength(text)
      if (waited >= OPENING_GAP_MS) this.#budget = undefined
      else if (bytes > this.#budget) return this.#hold(text, OPENING_GAP_MS - waited)
      else this.#budget -= bytes
    }
    if (this.#batch !== undefined) {
      this.#batch += text
      return
    }
    // Queued before the write: Node's response corks the socket on a tick's first write and
    // uncorks it in a `nextTick` queued then, so the batch joins the same socket write.
    this.#batch = ''
    process.nextTick(this.#flush)
    this.#write!(text)
  }

  /** Writes the frames batched in this tick (the events and the replay log keep one id each). */
  readonly #flush = (): void => {
    const batch = this.#batch
    this.#batch = undefined
    if (batch) this.#write?.(batch)
  }

  /** Sends what fits the opening's budget now, and the rest after `delay`. */
  #hold(text: string, delay: number): void {
    this.#flush()
    let cut = Math.min(text.length, this.#budget!)
    while (cut > 0 && Buffer.byteLength(text.slice(0, cut)) > this.#budget!) cut = Math.floor(cut / 2)
    // Never between the two halves of a surrogate pair.
    if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut--
    if (cut > 0) this.#write!(text.slice(0, cut))
    this.#held = [text.slice(cut)]
    setTimeout(() => this.#release(), delay)
  }

  #release(): void {
    // Cancelled meanwhile: nothing more to write.
    if (!this.#held) return
    const held = this.#held.join('')
    this.#held = undefined
    this.#budget = undefined
    this.#write?.(held)
    if (this.closed) this.#end?.()
  }

  #attachNode(res: ServerResponse): void {
    res.once('close', () => {
      if (!res.writableFinished) this.#cancel()
    })
    // A write after the socket broke is dropped; 'close' follows and cancels the turn.
    res.on('error', () => {})
    res.write(SSE_OPENING)
    // Node keeps the head it sent (`_header`, built line by line) for as long as the stream is open.
    flatten((res as unknown as { _header?: string })._header)
    this.#connect((frame) => res.write(frame), () => res.end())
  }

  #readable(): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder()
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        controller.enqueue(encoder.encode(SSE_OPENING))
        this.#connect((frame) => controller.enqueue(encoder.encode(frame)), () => controller.close())
      },
      cancel: (reason) => this.#cancel(reason),
    })
  }

  /** Flushes what was written so far, then writes through; ends at once if the turn already closed. */
  #connect(write: (frame: string) => void, end: () => void): void {
    this.#openedAt = performance.now()
    this.#write = write
    this.#end = end
    const pending = this.#pending ?? []
    this.#pending = undefined
    if (pending.length > 0) this.#send(pending.join(''))
    if (this.closed && !this.#held) end()
  }

  #cancel(reason?: unknown): void {
    this.#held = undefined
    this.#batch = undefined
    if (this.closed) return
    this.closed = true
    this.#write = undefined
    this.#end = undefined
    this.#onCancel(reason)
  }
}
