import { randomBytes } from 'node:crypto'
import type { CounterStore, Identity } from '@chatbot-kit/kernel'
import { toIsoWithOffset, utcDay, type QuotaDay } from './day.js'
import { ChatbotQuotaExceededException } from './errors.js'
import type { QuotaStatus } from './quota-status.js'

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
  /** What the day had left beyond every reservation when this turn last reserved (a snapshot). */
  readonly dayLeft: number
  /** Asks for `wanted` more output tokens; resolves with the share granted (0 when the day is spent). */
  grow(wanted: number): Promise<number>
  /** Replaces the reservation with the tokens the turn used (releasing the rest, or charging more). */
  settle(used: TokenCounts): Promise<void>
}

export interface QuotaLedgerOptions {
  prefix: string
  now: () => number
  limits: TokenCounts
  /** How long a reservation outlives its last growth: a turn's bound, so a crashed turn's hold ends. */
  leaseSeconds: number
}

/**
 * Daily token counts per identity in the counter store. A turn's reservations are leases: held
 * against the limit in one atomic step (on any number of instances sharing the store, concurrent
 * turns of one identity never hold more than the limit between them), settled when the turn ends,
 * and gone by themselves when a process dies before that.
 */
export function createQuotaLedger(counters: CounterStore, options: QuotaLedgerOptions) {
  const { limits, leaseSeconds } = options
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
      // Flat and short: a lease id lives in the store as long as the turn (UUIDs are cons strings).
      const leaseId = randomBytes(12).toString('base64url')
      const release = (key: string, by = 0) => counters.release(key, leaseId, { by, ttlSeconds: day.ttlSeconds })
      const [inputResult, outputResult] = await Promise.allSettled([
        inputTokens === 0 ? { granted: 0 } : counters.reserve(keys.input, leaseId, inputTokens, limits.input, { leaseSeconds, atLeast: inputTokens }),
        counters.reserve(keys.output, leaseId, outputWanted, limits.output, { leaseSeconds }),
      ])
      if (inputResult.status === 'rejected' || outputResult.status === 'rejected') {
        // One half may have been granted: give it back now rather than at its lease's end.
        await Promise.allSettled([release(keys.input), release(keys.output)])
        throw inputResult.status === 'rejected' ? inputResult.reason : (outputResult as PromiseRejectedResult).reason
      }
      const [input, output] = [inputResult.value, outputResult.value]
      if (input.granted < inputTokens || output.granted === 0) {
        await Promise.all([release(keys.input), release(keys.output)])
        const which = input.granted < inputTokens ? 'input' : 'output'
        throw new ChatbotQuotaExceededException(`The daily ${which} token quota is used up.`, day.resetsAt)
      }
      return new TurnLease(counters, { keys, leaseId, day, inputTokens, limits, leaseSeconds }, output)
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

interface LeaseScope {
  keys: { input: string; output: string }
  leaseId: string
  day: QuotaDay
  inputTokens: number
  limits: TokenCounts
  leaseSeconds: number
}

/**
 * A class, not an object literal with getters and closures: one is held per open stream, and a
 * literal with accessors is a dictionary-mode object of a few hundred bytes.
 */
class TurnLease implements QuotaLease {
  output: number
  dayLeft: number
  readonly resetsAt: Date

  constructor(
    private readonly counters: CounterStore,
    private readonly scope: LeaseScope,
    grant: { granted: number; remaining: number },
  ) {
    this.output = grant.granted
    this.dayLeft = grant.remaining
    this.resetsAt = scope.day.resetsAt
  }

  // Growing moves both deadlines on: the turn is alive. (Reserving 0 only renews.)
  async grow(wanted: number): Promise<number> {
    const { keys, leaseId, limits, leaseSeconds, inputTokens } = this.scope
    const [grant] = await Promise.all([
      this.counters.reserve(keys.output, leaseId, wanted, limits.output, { leaseSeconds }),
      inputTokens === 0 ? undefined : this.counters.reserve(keys.input, leaseId, 0, limits.input, { leaseSeconds }),
    ])
    this.output += grant.granted
    this.dayLeft = grant.remaining
    return grant.granted
  }

  async settle(used: TokenCounts): Promise<void> {
    const { keys, leaseId, day } = this.scope
    await Promise.all([
      this.counters.release(keys.input, leaseId, { by: used.input, ttlSeconds: day.ttlSeconds }),
      this.counters.release(keys.output, leaseId, { by: used.output, ttlSeconds: day.ttlSeconds }),
    ])
  }
}
