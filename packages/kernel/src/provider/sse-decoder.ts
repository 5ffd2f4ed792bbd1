/** Receives the payload of one `data:` line; returns `true` to stop reading (`[DONE]`). */
export type SseDataHandler = (data: string) => boolean

export interface SseDecoder {
  /** Feeds one network chunk; returns `true` once the handler asked to stop. */
  push(bytes: Uint8Array): boolean
  /** Flushes a last line that came without its newline; returns `true` if the handler stopped. */
  end(): boolean
}

/**
 * Splits a byte stream into SSE lines and hands each `data:` payload over synchronously.
 *
 * Each data line is dispatched on its own instead of waiting for the blank line that ends an
 * event: chat-completions providers put one JSON object per line, some proxies drop the blank
 * line, and dispatching early saves a chunk of latency. Comments (`:`), blank lines and other
 * fields (`event:`, `id:`, `retry:`) are skipped. Line ends are LF or CRLF.
 */
export function createSseDecoder(onData: SseDataHandler): SseDecoder {
  // One streaming decoder, so a multi-byte character split across chunks comes out whole.
  const decoder = new TextDecoder()
  let pending = ''

  function lines(text: string, flush: boolean): boolean {
    let start = 0
    for (;;) {
      const newline = text.indexOf('\n', start)
      if (newline === -1 && !(flush && start < text.length)) break
      let end = newline === -1 ? text.length : newline
      if (end > start && text.charCodeAt(end - 1) === 13 /* \r */) end--
      if (end - start >= 5 && text.startsWith('data:', start)) {
        const from = text.charCodeAt(start + 5) === 32 /* space */ ? start + 6 : start + 5
        if (onData(text.slice(from, end))) return true
      }
      if (newline === -1) return false
      start = newline + 1
    }
    pending = start === 0 ? text : text.slice(start)
    return false
  }

  return {
    push(bytes) {
      const text = decoder.decode(bytes, { stream: true })
      return lines(pending === '' ? text : pending + text, false)
    },
    end() {
      const rest = pending + decoder.decode()
      pending = ''
      return rest !== '' && lines(rest, true)
    },
  }
}
