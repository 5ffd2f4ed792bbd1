import { countTokens, type Turn } from '@chatbot-kit/kernel'
import type { QuotaLease } from './ledger.js'

/** What the meter reads of its turn: the reply's text and the kernel's exact count of its start. */
type MeteredReply = Pick<Turn, 'text' | 'textCount'>

/**
 * The per-token side of a turn's quota. Each chunk adds its UTF-8 size to a bound of the tokens
 * not counted yet (a token is at least one byte, so the bound never falls short). When the bound
 * reaches half a reservation or the turn's share, the meter first takes the kernel's exact count of
 * the reply so far (`turn.textCount`, counted once as the reply streams), so the bound covers only
 * what came after it; the meter runs the tokenizer itself only when that is not enough (a reply
 * with no cut the kernel may count at, near the share). The uncounted text is the end of the
 * reply's text (`turn.text`, which already holds the chunk): the meter keeps an offset, not a
 * copy, so a slow stream holds no second chain of its chunks. With less than half a reservation
 * left, another one is asked for in the background, so a long reply keeps going while the day has budget.
 *
 * `take` is synchronous (the kernel writes each chunk as it arrives) and a provider read can
 * carry many chunks at once, faster than any reservation comes back. So a chunk past the turn's
 * share is not refused while the day had room for it when the turn last reserved: the meter goes
 * over its share and reserves the overdraft plus a reservation ahead. It refuses only a chunk
 * that would go past what the day had left.
 */
export function createOutputMeter(lease: QuotaLease, reservation: number, reply: MeteredReply, onError: (error: unknown) => void): OutputMeter {
  return new OutputMeter(lease, reservation, reply, onError)
}

// A class rather than closures over a literal with a getter: one lives per open stream.
export class OutputMeter {
  private counted = 0
  /** Where the uncounted end of the text starts. */
  private countedLength = 0
  private bound = 0
  // Set when a reservation failed (the store is down): the turn keeps to what it holds.
  private failed = false
  private growing: Promise<void> | undefined
  /** Why the turn could reserve no more, when the store failed (else the day is spent). */
  failure: unknown

  constructor(
    private readonly lease: QuotaLease,
    private readonly reservation: number,
    private readonly reply: MeteredReply,
    private readonly onError: (error: unknown) => void,
  ) {}

  private ahead(): number {
    return this.lease.output - this.counted - this.bound
  }

  private grow(): void {
    if (this.growing || this.failed || this.lease.dayLeft === 0 || this.ahead() > this.reservation / 2) return
    this.growing = this.lease
      .grow(this.reservation - Math.min(0, this.ahead()))
      .then(
        () => undefined,
        (error: unknown) => {
          this.failed = true
          this.failure = error
          this.onError(error)
        },
      )
      .finally(() => {
        this.growing = undefined
        // Chunks that arrived meanwhile may have used up what came back.
        this.grow()
      })
  }

  private full(size: number): boolean {
    return this.counted + this.bound + size > this.lease.output || this.bound + size >= this.reservation / 2
  }

  /** Takes the kernel's count of the text before `chunk` where it reaches further than this meter's. */
  private catchUp(chunk: string): void {
    const count = this.reply.textCount
    if (count === undefined || count.length <= this.countedLength) return
    const { tokens, length } = count
    const { text } = this.reply
    this.counted = tokens
    this.countedLength = length
    this.bound = Buffer.byteLength(text.slice(length, text.length - chunk.length))
  }

  /** Whether `chunk`, the end of the text, still fits (and takes it if so). Synchronous. */
  take(chunk: string): boolean {
    const size = Buffer.byteLength(chunk)
    if (this.full(size)) this.catchUp(chunk)
    if (this.full(size)) {
      const { text } = this.reply
      const ceiling = this.lease.output + (this.failed ? 0 : this.lease.dayLeft)
      let counted = this.counted + countTokens(text.slice(Math.min(this.countedLength, text.length - chunk.length)))
      // Pieces counted apart add up to more than the text they form (a word split across deltas
      // is one token, not two). Before refusing, count as the turn will be charged: the text
      // before this chunk, plus the chunk. Otherwise a reply cut early is charged less than the
      // day had left, and the next turn streams on the rest. Each recount shrinks the gap between
      // the sum and the count, so a reply recounts a few times near its ceiling, not per delta.
      if (counted > ceiling) counted = countTokens(text.slice(0, text.length - chunk.length)) + countTokens(chunk)
      if (counted > ceiling) return false
      this.counted = counted
      this.countedLength = text.length
      this.bound = 0
    } else {
      this.bound += size
    }
    this.grow()
    return true
  }

  /** Resolves once no reservation is in flight (before settling). */
  async idle(): Promise<void> {
    while (this.growing) await this.growing
  }
}
