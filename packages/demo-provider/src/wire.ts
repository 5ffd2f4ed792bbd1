/**
 * How a streamed reply is framed on one API's wire, for one response. `streamReply` paces it,
 * counts its frames and injects the faults; the wire only says what the bytes are.
 */
export interface StreamWire {
  /** Written right after the headers, before any frame (`response.created`); `''` for none. */
  head: string
  /** The reply's delta frames, lazily: one per text delta or tool-call fragment, a "chunk" for `cutAfterChunks`. */
  frames: Iterator<string>
  /** One event whose data is not JSON (`malformed`). */
  malformed: string
  /** The opening of a text delta's `data:` line, left open by `endlessLineBytes`. */
  openLine(): string
  /** Everything after the last frame: finish reason, usage and the end; `written` frames went out. */
  tail(written: number): string
}

/** What a wire knows of its request. */
export interface WireContext {
  id: string
  model: string
  /** Chat completions only: whether the request asked for a usage chunk. */
  includeUsage: boolean
  promptTokens: number
}
