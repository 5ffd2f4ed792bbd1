import { countTokens } from '@chatbot-kit/kernel'
import type { QuotaLease } from './ledger.js'

/**
 * The per-token side of a turn's quota. Each chunk adds its UTF-8 size to a bound of the tokens
 * not counted yet (a token is at least one byte, so the bound never falls short). The tokenizer
 * runs on that uncounted text only when the bound reaches half a reservation or the lease's end:
 * it reads each part of the reply about once. With less than half a reservation left, another one
 * is asked for in the background, so a long reply keeps going while the day has budget.
 */
export function createOutputMeter(lease: QuotaLease, reservation: number, onError: (error: unknown) => void) {
  let counted = 0
  let uncounted = ''
  let bound = 0
  let exhausted = false
  let growing: Promise<void> | undefined

  const grow = () => {
    growing = lease
      .grow(reservation)
      .then(
        (granted) => {
          if (granted < reservation) exhausted = true
        },
        (error: unknown) => {
          exhausted = true
          onError(error)
        },
      )
      .finally(() => {
        growing = undefined
      })
  }

  return {
    /** Whether `text` still fits this turn's share (and takes it if so). Synchronous. */
    take(text: string): boolean {
      const size = Buffer.byteLength(text)
      if (counted + bound + size > lease.output || bound + size >= reservation / 2) {
        const tokens = countTokens(uncounted + text)
        if (counted + tokens > lease.output) return false
        counted += tokens
        uncounted = ''
        bound = 0
      } else {
        uncounted += text
        bound += size
      }
      if (!exhausted && !growing && lease.output - counted - bound <= reservation / 2) grow()
      return true
    },
    /** Resolves once no reservation is in flight (before settling). */
    idle(): Promise<void> {
      return growing ?? Promise.resolve()
    },
  }
}
