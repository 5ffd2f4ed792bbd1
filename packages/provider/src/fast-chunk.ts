/** Where a plain text chunk's content starts, after the members every chunk of a stream repeats. */
const HEAD = '"choices":[{"index":0,"delta":{"content":'
/** What ends a plain text chunk, right after its content's closing quote. */
const TAIL = '},"finish_reason":null}]}'
/** Plain-shaped chunks whose prefix could not be learned (say, usage in every chunk) before it stops trying. */
const MAX_TRIES = 4

/**
 * Reads the content of a plain text chunk without parsing the whole chunk: most of a reply's
 * chunks are `<prefix>"choices":[{"index":0,"delta":{"content":"…"},"finish_reason":null}]}`,
 * where the prefix (`{"id":…,"object":…,"created":…,"model":…,`) is the same for every chunk of a
 * stream. `JSON.parse` of each whole chunk was a tenth of a relay's time (docs/performance.md).
 *
 * It is exact, never a guess: a prefix is learned only from a chunk that was parsed whole, when
 * the prefix alone closes into a valid object with no `error` and no `usage` (so a later chunk
 * with the same prefix carries none either), and a later chunk takes the shortcut only when it is
 * that prefix, the fixed head, one JSON string literal and the fixed tail. Anything else (a
 * role chunk, a tool call, a finish reason, `logprobs`, other spacing) gives `undefined`, and the
 * caller parses the chunk as before.
 */
export class ChunkShortcut {
  /** The learned prefix with the head; `undefined` until a chunk taught it. */
  #start: string | undefined
  #tries = 0

  /** The content of a plain text chunk, or `undefined` when the chunk needs a full parse. */
  content(payload: string): string | undefined {
    const start = this.#start
    if (start === undefined || !payload.startsWith(start) || !payload.endsWith(TAIL)) return undefined
    return stringLiteral(payload, start.length, payload.length - TAIL.length)
  }

  /**
   * Called with a chunk that was parsed whole into `content`: learns its prefix when the chunk
   * has the plain shape and the prefix is sound. Tried on a few such chunks, then no more.
   */
  learn(payload: string, content: unknown): void {
    if (this.#start !== undefined || this.#tries >= MAX_TRIES || typeof content !== 'string' || !payload.endsWith(TAIL)) return
    this.#tries++
    const at = payload.indexOf(HEAD)
    if (at < 1) return
    const start = payload.slice(0, at + HEAD.length)
    if (stringLiteral(payload, start.length, payload.length - TAIL.length) !== content) return
    let members: unknown
    try {
      members = JSON.parse(`${payload.slice(0, at)}"choices":null}`)
    } catch {
      return
    }
    const { error, usage } = members as { error?: unknown; usage?: unknown }
    if (!error && !usage) this.#start = start
  }
}

/**
 * The string that `payload` holds from `from` to `to` when that span is exactly one JSON string
 * literal, else `undefined`. Without a backslash the characters between the quotes are the
 * string (JSON forbids only control characters there); with one, `JSON.parse` decodes it.
 */
function stringLiteral(payload: string, from: number, to: number): string | undefined {
  if (to - from < 2 || payload.charCodeAt(from) !== 0x22 || payload.charCodeAt(to - 1) !== 0x22) return undefined
  for (let i = from + 1; i < to - 1; i++) {
    const code = payload.charCodeAt(i)
    if (code === 0x5c) return decoded(payload.slice(from, to))
    if (code === 0x22 || code < 0x20) return undefined
  }
  return payload.slice(from + 1, to - 1)
}

function decoded(literal: string): string | undefined {
  try {
    const value: unknown = JSON.parse(literal)
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}
