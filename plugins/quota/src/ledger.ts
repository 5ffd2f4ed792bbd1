import { ChatbotQuotaExceededException, type CounterStore, type Identity, type QuotaStatus } from '@chatbot-kit/kernel'
import { toIsoWithOffset, utcDay } from './day.js'

/** Input and output tokens: the daily limits, or what a turn used. */
export interface TokenCounts {
  input: number
  output: number
}

/** What one turn holds of today's budget; settled once with what it really used. */
export interface QuotaLease {
  readonly resetsAt: Date
  /** Output tokens this turn may stream so far. */
  readonly output: number
  /** Asks for `wanted` more output tokens; resolves with the share granted (0 when the day is spent). */
  grow(wanted: number): Promise<number>
  /** Replaces the reservation with the tokens the turn used (releasing the rest, or charging more). */
  settle(used: TokenCounts): Promise<void>
}

export interface QuotaLedgerOptions {
  prefix: string
  now: () => number
  limits: TokenCounts
}

/**
 * Daily token counts per identity in the counter store. Reserving is an atomic increment checked
 * against the limit and undone when it does not fit, so concurrent turns of one identity (on any
 * number of instances sharing the store) never hold more than the limit between them.
 */
export function createQuotaLedger(counters: CounterStore, options: QuotaLedgerOptions) {
  const { limits } = options
  const keysOf = (identity: Identity, day: string) => {
    // URI-encoded: an id holding `:` or `/` must not read as more key segments (or another id's).
    const id = identity.userId ?? identity.guestId
    if (id === undefined) throw new TypeError('A quota identity needs a userId or a guestId.')
    const who = `${identity.userId !== undefined ? 'user' : 'guest'}:${encodeURIComponent(id)}`
    return { input: `${options.prefix}:${day}:${who}:input`, output: `${options.prefix}:${day}:${who}:output` }
  }

  return {
    /** Reserves the prompt and up to `outputWanted` output tokens, or throws `ChatbotQuotaExceededException`. */
    async reserve(identity: Identity, inputTokens: number, outputWanted: number): Promise<QuotaLease> {
      const day = utcDay(options.now())
      const keys = keysOf(identity, day.id)
      const add = (key: string, by: number) => (by === 0 ? Promise.resolve(0) : counters.increment(key, by, day.ttlSeconds))
      const [inputTotal, outputTotal] = await Promise.all([add(keys.input, inputTokens), add(keys.output, outputWanted)])
      const outputGranted = Math.min(outputWanted, limits.output - (outputTotal - outputWanted))
      if (inputTotal > limits.input || outputGranted <= 0) {
        await Promise.all([add(keys.input, -inputTokens), add(keys.output, -outputWanted)])
        const which = inputTotal > limits.input ? 'input' : 'output'
        throw new ChatbotQuotaExceededException(`The daily ${which} token quota is used up.`, day.resetsAt)
      }
      await add(keys.output, outputGranted - outputWanted)
      let output = outputGranted
      return {
        resetsAt: day.resetsAt,
        get output() {
          return output
        },
        async grow(wanted) {
          const total = await add(keys.output, wanted)
          const granted = Math.max(0, Math.min(wanted, limits.output - (total - wanted)))
          await add(keys.output, granted - wanted)
          output += granted
          return granted
        },
        async settle(used) {
          await Promise.all([add(keys.input, used.input - inputTokens), add(keys.output, used.output - output)])
        },
      }
    },

    /** `chatbot.quota(identity)`: `used` includes what turns in progress have reserved. */
    async status(identity: Identity): Promise<QuotaStatus> {
      const day = utcDay(options.now())
      const keys = keysOf(identity, day.id)
      const [input, output] = await Promise.all([counters.get(keys.input), counters.get(keys.output)])
      const budget = (used: number, limit: number) => ({ used, limit, remaining: Math.max(0, limit - used) })
      return { input: budget(input, limits.input), output: budget(output, limits.output), resetsAt: toIsoWithOffset(day.resetsAt) }
    },
  }
}
