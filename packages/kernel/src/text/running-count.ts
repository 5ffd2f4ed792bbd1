import { countTokens } from './tokens.js'

// Under the quota meter's half reservation (256 bytes by default), so the meter rarely counts itself.
const PIECE = 128

/**
 * A reply's exact token count as it streams, so each reply is tokenized once (docs/performance.md):
 * `tokens` of the text's first `length` characters. A piece ends only before a space that follows a
 * non-whitespace character: no match of o200k's split pattern spans that cut or looks past it, so
 * the pieces' counts add up to the whole text's (running-count.test.ts checks it).
 */
export class RunningTokenCount {
  tokens = 0
  length = 0
  private seen = ''
  private tried = 0

  /** `text` with `delta` appended. A text other than the one counted (a plugin replaced it) starts over. */
  append(text: string, delta: string): string {
    if (text !== this.seen) this.tokens = this.length = this.tried = 0
    return (this.seen = text + delta)
  }

  /** Counts the pieces `text` finished since the last call, at most every `PIECE` characters. */
  advance(text: string): void {
    if (text !== this.seen) this.tokens = this.length = this.tried = 0
    this.seen = text
    if (text.length - this.tried < PIECE) return
    // Cuts up to the last try's end were looked at then.
    const low = Math.max(this.length, this.tried - 1)
    let cut = text.lastIndexOf(' ')
    while (cut > low && /\s/.test(text[cut - 1]!)) cut = text.lastIndexOf(' ', cut - 1)
    this.tried = text.length
    if (cut <= low) return
    this.tokens += countTokens(text.slice(this.length, cut))
    this.length = cut
  }

  /** The exact count of `text`: the pieces and the rest, or all of it when it is not the text counted. */
  total(text: string): number {
    return text === this.seen ? this.tokens + countTokens(text.slice(this.length)) : countTokens(text)
  }
}
