import type { QuotaLease } from './ledger.js'

/** Roughly four characters a token, and never less than one token a chunk (a provider sends whole tokens). */
const CHARS_PER_TOKEN = 4

/**
 * The per-token side of a turn's quota: a running estimate of the output streamed, checked against
 * the lease without a tokenizer call. When less than half a reservation is left it asks for
 * another one in the background, so a long reply keeps going while the day has budget.
 */
export function createOutputMeter(lease: QuotaLease, reservation: number, onError: (error: unknown) => void) {
  let spent = 0
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
    /** Whether `text` still fits this turn's share; synchronous, O(1). */
    take(text: string): boolean {
      const cost = Math.max(1, Math.ceil(text.length / CHARS_PER_TOKEN))
      if (spent + cost > lease.output) return false
      spent += cost
      if (!exhausted && !growing && lease.output - spent <= reservation / 2) grow()
      return true
    },
    /** Resolves once no reservation is in flight (before settling). */
    idle(): Promise<void> {
      return growing ?? Promise.resolve()
    },
  }
}
