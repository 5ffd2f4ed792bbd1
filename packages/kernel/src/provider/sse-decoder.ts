/** Receives the payload of one `data:` line; returns `true` to stop reading (`[DONE]`). */
export type SseDataHandler = (data: string) => boolean

export interface SseDecoder {
  /** Feeds one network chunk; returns `true` once the handler asked to stop. */
  push(bytes: Uint8Array): boolean
  /** Flushes a last line that came without its newline; returns `true` if the handler stopped. */
  end(): boolean
}

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
 */
export function createSseDecoder(onData: SseDataHandler): SseDecoder {
  /** The bytes of a line whose newline has not arrived yet (a copy, so no network buffer is kept). */
  let pending: Buffer | undefined

  function lines(buffer: Buffer, flush: boolean): boolean {
    let start = 0
    while (start < buffer.length) {
      let newline = buffer.indexOf(LF, start)
      if (newline === -1) {
        if (!flush) break
        newline = buffer.length
      }
      let end = newline
      if (end > start && buffer[end - 1] === CR) end--
      if (end - start >= DATA.length && buffer.compare(DATA, 0, DATA.length, start, start + DATA.length) === 0) {
        const from = buffer[start + DATA.length] === SPACE ? start + DATA.length + 1 : start + DATA.length
        if (onData(buffer.toString('utf8', from, end))) return true
      }
      start = newline + 1
    }
    pending = start < buffer.length ? Buffer.from(buffer.subarray(start)) : undefined
    return false
  }

  return {
    push(bytes) {
      const chunk = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      return lines(pending ? Buffer.concat([pending, chunk]) : chunk, false)
    },
    end() {
      const rest = pending
      pending = undefined
      return rest !== undefined && lines(rest, true)
    },
  }
}
