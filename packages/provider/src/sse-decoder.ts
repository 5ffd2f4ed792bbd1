import { lineTooLongFailure } from './failures.js'

/** Receives the payload of one `data:` line; returns `true` to stop reading (`[DONE]`). */
export type SseDataHandler = (data: string) => boolean

export interface SseDecoder {
  /** Feeds one network chunk; returns `true` once the handler asked to stop. */
  push(bytes: Uint8Array): boolean
  /** Flushes a last line that came without its newline; returns `true` if the handler stopped. */
  end(): boolean
}

/**
 * The longest line the decoder holds, newline excluded: a provider's chunk line is a few hundred
 * bytes, a whole tool call's arguments rarely 100 KiB. A line that grows past it (a provider or
 * proxy that never sends a newline) ends the request with a `malformed` failure.
 */
export const MAX_LINE_BYTES = 1024 * 1024

const LF = 10
const CR = 13
const SPACE = 32
const DATA = Buffer.from('data:')

/**
 * Splits a byte stream into SSE lines and hands each `data:` payload over synchronously.
 *
 * Lines are cut on bytes and only complete lines are decoded, so a character split across
 * chunks comes out whole without a streaming `TextDecoder` per response (a UTF-8 continuation
 * byte is never a newline). Each data line is dispatched on its own instead of waiting for the
 * blank line that ends an event: chat-completions providers put one JSON object per line, some
 * proxies drop the blank line, and dispatching early saves a chunk of latency. Comments (`:`),
 * blank lines and other fields (`event:`, `id:`, `retry:`) are skipped. Line ends are LF or CRLF.
 *
 * A line still open at the end of a chunk is kept as a list of pieces, joined once when its
 * newline comes, and each chunk is searched once: a long line costs linear time, never quadratic.
 */
export function createSseDecoder(onData: SseDataHandler): SseDecoder {
  /** The pieces of a line whose newline has not arrived yet (copies, so no network buffer is kept). */
  let pending: Buffer[] | undefined
  let pendingBytes = 0

  /** One whole line, `from` to `to` of `chunk` after the pending pieces; returns `true` to stop. */
  function line(chunk: Buffer, from: number, to: number): boolean {
    if (pendingBytes + to - from > MAX_LINE_BYTES) throw lineTooLongFailure(MAX_LINE_BYTES)
    let buffer = chunk
    let start = from
    let end = to
    if (pendingBytes > 0) {
      buffer = Buffer.concat([...pending!, chunk.subarray(from, to)])
      start = 0
      end = buffer.length
      pending = undefined
      pendingBytes = 0
    }
    if (end > start && buffer[end - 1] === CR) end--
    if (end - start < DATA.length || buffer.compare(DATA, 0, DATA.length, start, start + DATA.length) !== 0) return false
    const payload = buffer[start + DATA.length] === SPACE ? start + DATA.length + 1 : start + DATA.length
    return onData(buffer.toString('utf8', payload, end))
  }

  return {
    push(bytes) {
      const chunk = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      let start = 0
      for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, start)) {
        if (line(chunk, start, newline)) return true
        start = newline + 1
      }
      if (start < chunk.length) {
        if (pendingBytes + chunk.length - start > MAX_LINE_BYTES) throw lineTooLongFailure(MAX_LINE_BYTES)
        ;(pending ??= []).push(Buffer.from(chunk.subarray(start)))
        pendingBytes += chunk.length - start
      }
      return false
    },
    end() {
      if (pendingBytes === 0) return false
      return line(Buffer.alloc(0), 0, 0)
    },
  }
}
