/** Frames joined into one string per block: one string header and no id line per frame. */
const BLOCK = 32
// JSON escapes every control character, so no frame the kernel writes holds these: they mark
// how a frame was kept.
const WHOLE = '\u0000'
const TOKEN = '\u0001'
// Most frames are tokens: of those only the JSON string of the text is kept.
const TOKEN_HEAD = 'data: {"type":"token","content":'
const TOKEN_TAIL = '}\n\n'

/**
 * One reply's frames, kept compact for the memory log: a slow stream holds every event of its
 * reply for the resume window, which was most of its memory when each frame was its own string.
 * A frame's `id: <reply>:<seq>` line is left out and rebuilt on read (byte for byte the same), a
 * token frame keeps only its text's JSON string, and every 32 frames are joined into one string,
 * which also lets go of the strings they were cut from.
 */
export class FrameStore {
  readonly #prefix: string
  readonly #blocks: string[] = []
  readonly #offsets: Uint32Array[] = []
  #pending: string[] = []
  #count = 0

  constructor(replyId: string) {
    this.#prefix = `id: ${replyId}:`
  }

  get length(): number {
    return this.#count
  }

  push(frame: string): void {
    this.#count += 1
    const head = `${this.#prefix}${this.#count}\n`
    this.#pending.push(frame.startsWith(head) ? compact(frame, head.length) : WHOLE + frame)
    if (this.#pending.length === BLOCK) this.#seal()
  }

  /** The frame with this seq (1 for the first). */
  get(seq: number): string {
    const index = seq - 1
    const block = Math.floor(index / BLOCK)
    const within = index % BLOCK
    const rest =
      block < this.#blocks.length ? this.#blocks[block]!.slice(this.#offsets[block]![within], this.#offsets[block]![within + 1]) : this.#pending[within]!
    if (rest.startsWith(WHOLE)) return rest.slice(1)
    const data = rest.startsWith(TOKEN) ? `${TOKEN_HEAD}${rest.slice(1)}${TOKEN_TAIL}` : rest
    return `${this.#prefix}${seq}\n${data}`
  }

  #seal(): void {
    const offsets = new Uint32Array(BLOCK + 1)
    let at = 0
    this.#pending.forEach((rest, index) => {
      offsets[index] = at
      at += rest.length
    })
    offsets[BLOCK] = at
    this.#blocks.push(this.#pending.join(''))
    this.#offsets.push(offsets)
    this.#pending = []
  }
}

/** The frame after its id line, a token frame reduced to its text's JSON string. */
function compact(frame: string, from: number): string {
  const isToken = frame.startsWith(TOKEN_HEAD, from) && frame.endsWith(TOKEN_TAIL) && frame.length >= from + TOKEN_HEAD.length + TOKEN_TAIL.length
  return isToken ? TOKEN + frame.slice(from + TOKEN_HEAD.length, frame.length - TOKEN_TAIL.length) : frame.slice(from)
}
