import { countTokens } from '@chatbot-kit/kernel'
import type { QuotaLease } from './ledger.js'

/**
 * The per-token side of a turn's quota. Each chunk adds its UTF-8 size to a bound of the tokens
 * not counted yet (a token is at least one byte, so the bound never falls short). The tokenizer
 * runs on that uncounted text only when the bound reaches half a reservation or the turn's share:
 * it reads each part of the reply about once. With less than half a reservation left, another one
 * is asked for in the background, so a long reply keeps going while the day has budget.
 *
 * `take` is synchronous (the kernel writes each chunk as it arrives) and a provider read can
 * carry many chunks at once, faster than any reservation comes back. So a chunk past the turn's
 * share is not refused while the day had room for it when the turn last reserved: the meter goes
 * over its share and reserves the overdraft plus a reservation ahead. It refuses only a chunk
 * that would go past what the day had left.
 */
export function createOutputMeter(lease: QuotaLease, reservation: number, onError: (error: unknown) => void) {
  let counted = 0
  let uncounted = ''
  let bound = 0
  // Set when a reservation failed (the store is down): the turn keeps to what it holds.
  let failure: unknown
  let failed = false
  let growing: Promise<void> | undefined

  const ahead = () => lease.output - counted - bound
  const grow = () => {
    if (growing || failed || lease.dayLeft === 0 || ahead() > reservation / 2) return
    growing = lease
      .grow(reservation - Math.min(0, ahead()))
      .then(
        () => undefined,
        (error: unknown) => {
          failed = true
          failure = error
          onError(error)
        },
      )
      .finally(() => {
        growing = undefined
        // Chunks that arrived meanwhile may have used up what came back.
        grow()
      })
  }

  return {
    /** Whether `text` still fits (and takes it if so). Synchronous. */
    take(text: string): boolean {
      const size = Buffer.byteLength(text)
      if (counted + bound + size > lease.output || bound + size >= reservation / 2) {
        const tokens = countTokens(uncounted + text)
        const ceiling = lease.output + (failed ? 0 : lease.dayLeft)
        if (counted + tokens > ceiling) return false
        counted += tokens
        uncounted = ''
        bound = 0
      } else {
        uncounted += text
        bound += size
      }
      grow()
      return true
    },
    /** Why the turn could reserve no more, when the store failed (else the day is spent). */
    get failure(): unknown {
      return failure
    },
    /** Resolves once no reservation is in flight (before settling). */
    async idle(): Promise<void> {
      while (growing) await growing
    },
  }
}
