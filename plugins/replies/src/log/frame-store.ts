// JSON escapes every control character, so no frame the kernel writes starts with this: it marks
// a frame kept whole (its id line was not the one expected).
const WHOLE = '\u0000'
// Most frames are tokens: `data: {"type":"token","content":<JSON string>}`.
const TOKEN_HEAD = 'data: {"type":"token","content":'
const TOKEN_TAIL = '}\n\n'
const INITIAL_SLOTS = 32
/**
 * The length of `JSON.stringify(text)`, without building it when JSON writes the text as it is
 * between quotes (no quote, backslash, control character or surrogate), as for most tokens.
 */
function jsonLength(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(text).length
  }
  return text.length + 2
}

/**
 * One reply's frames, kept compact for the memory log: a slow stream holds every event of its
 * reply for the resume window. A token's text is already in the reply's text (`turn.text`, then
 * the stored string), so a token frame costs two offsets into it and is rebuilt on read, byte
 * for byte: per token nothing is allocated that outlives the event, which keeps 10,000 open
 * streams from filling the old generation with short-lived strings (docs/performance.md). Other
 * frames are kept as strings without their id line, which is rebuilt too.
 */
export class FrameStore {
  readonly #prefix: string
  /** The reply's text so far while it streams; `undefined` once ended (then `#text`). */
  #source: (() => string) | undefined
  #text = ''
  /** The text's length when each frame was pushed: a token frame's text ends there and starts where the previous frame's did. */
  #ends = new Uint32Array(INITIAL_SLOTS)
  /** Frames that are not tokens of the text, by seq. */
  readonly #kept = new Map<number, string>()
  #count = 0

  /** `text` reads the reply's text: each token's `content` was appended to it before its frame. */
  constructor(replyId: string, text?: () => string) {
    this.#prefix = `id: ${replyId}:`
    this.#source = text
  }

  get length(): number {
    return this.#count
  }

  /** `token` is the content of a token event (the frame's own), `terminal` for the last frame. */
  push(frame: string, token?: string, terminal = false): void {
    const seq = ++this.#count
    while (seq > this.#ends.length) this.#grow()
    const textLength = this.#source?.().length ?? 0
    this.#ends[seq - 1] = textLength
    if (!this.#isTokenOfText(seq, frame, token, textLength)) {
      const head = `${this.#prefix}${seq}\n`
      this.#kept.set(seq, frame.startsWith(head) ? frame.slice(head.length) : WHOLE + frame)
    }
    if (terminal && this.#source) {
      this.#text = this.#source()
      // Lets go of the turn: the ended reply keeps just its text.
      this.#source = undefined
    }
  }

  /** The frame with this seq (1 for the first). */
  get(seq: number): string {
    const kept = this.#kept.get(seq)
    if (kept !== undefined) return kept.startsWith(WHOLE) ? kept.slice(1) : `${this.#prefix}${seq}\n${kept}`
    const text = this.#source?.() ?? this.#text
    const start = seq === 1 ? 0 : this.#ends[seq - 2]
    return `${this.#prefix}${seq}\n${TOKEN_HEAD}${JSON.stringify(text.slice(start, this.#ends[seq - 1]))}${TOKEN_TAIL}`
  }

  /**
   * Whether the frame is exactly what the kernel frames for the token `token`, whose text is the
   * last `token.length` characters the text grew by since the previous frame (the kernel appends
   * a token's content to `turn.text` right before sending it; lengths are read without
   * flattening the text).
   */
  #isTokenOfText(seq: number, frame: string, token: string | undefined, textLength: number): boolean {
    if (token === undefined || !this.#source) return false
    const previous = seq === 1 ? 0 : this.#ends[seq - 2]!
    if (textLength !== previous + token.length) return false
    // The frame is the kernel's framing of an event holding `token`: if it has the length of
    // exactly `{"type":"token","content":<token>}` under this id, it holds nothing else.
    const at = this.#prefix.length + String(seq).length + 1
    return (
      frame.length === at + TOKEN_HEAD.length + jsonLength(token) + TOKEN_TAIL.length &&
      frame.startsWith(this.#prefix) &&
      this.#hasSeq(frame, seq, at - 1) &&
      frame.startsWith(TOKEN_HEAD, at) &&
      frame.endsWith(TOKEN_TAIL)
    )
  }

  /** Whether the id line's seq, from the prefix to `end` (its newline), is `seq`; reads digits in place. */
  #hasSeq(frame: string, seq: number, end: number): boolean {
    let value = 0
    for (let i = this.#prefix.length; i < end; i++) value = value * 10 + frame.charCodeAt(i) - 48
    return value === seq && frame.charCodeAt(end) === 10
  }

  #grow(): void {
    const ends = new Uint32Array(this.#ends.length * 2)
    ends.set(this.#ends)
    this.#ends = ends
  }
}
