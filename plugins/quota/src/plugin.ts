import { ChatbotException, countTokens, definePlugin, type ChatbotPlugin, type PluginApi, type Turn } from '@chatbot-kit/kernel'
import { ChatbotQuotaExceededException } from './errors.js'
import { createQuotaLedger, type QuotaLease, type TokenCounts } from './ledger.js'
import { quotaOptions } from './options.js'
import { createOutputMeter } from './output-meter.js'

export interface QuotaPluginOptions {
  /** Namespace of the counter keys (default `quota`); apps sharing one Redis each set their own. */
  prefix?: string
  /** Output tokens a turn reserves at a time, before the provider is called and again as it streams (default 512). */
  outputReservation?: number
  /** The clock in epoch ms (default `Date.now`); tests move it across UTC midnight. */
  now?: () => number
}

interface TurnQuota {
  lease: QuotaLease
  meter: ReturnType<typeof createOutputMeter>
  /** The chunk refused for want of budget: never shown, but the provider generated it, so it counts. */
  refused: string
}

const STATE = 'quota'

/** Added to a turn's own bound, for clocks and the settle call itself. */
const LEASE_MARGIN_SECONDS = 30

/**
 * Per identity (user or guest) and UTC day: `dailyQuota.input` and `dailyQuota.output` tokens.
 * A turn reserves its prompt and a share of output before the provider is called, streams while
 * its share lasts, and settles on the provider's usage. Provides `chatbot.quota(identity)`.
 * See docs/limits.md.
 */
export function quotaPlugin(options: QuotaPluginOptions = {}): ChatbotPlugin {
  const reservation = options.outputReservation ?? 512
  if (!Number.isSafeInteger(reservation) || reservation < 1) throw new TypeError(`quotaPlugin: outputReservation must be a whole number ≥ 1, got ${reservation}.`)
  return definePlugin({
    name: 'quota',
    options: quotaOptions,
    // `usage.daily`, loaded with the first admin request.
    admin: () => import('./admin/contribution.js').then((module) => module.quotaAdmin),
    setup(api: PluginApi) {
      const { streamDuration, shutdownGrace, dailyQuota } = api.config
      // A turn streams at most `streamDuration`, and a shutdown waits `shutdownGrace` before it
      // settles the rest: a reservation older than that (since it last grew) belongs to a turn
      // whose process died, and stops counting by itself.
      const leaseSeconds = streamDuration + shutdownGrace + LEASE_MARGIN_SECONDS
      const ledger = createQuotaLedger(api.counters, { prefix: options.prefix ?? 'quota', now: options.now ?? Date.now, limits: dailyQuota, leaseSeconds })
      const onGrowError = (error: unknown) => api.logger.warn('Could not reserve more output quota:', error)
      api.provide('quota', (identity) => ledger.status(identity))

      const settle = async (turn: Turn, used: (turn: Turn, refused: string) => TokenCounts) => {
        const quota = turn.state[STATE] as TurnQuota | undefined
        if (!quota) return
        delete turn.state[STATE]
        await quota.meter.idle()
        await quota.lease.settle(used(turn, quota.refused))
      }

      // Hooked here rather than in `hooks`: the listeners need this chatbot's counters.
      api.hooks.addHooks({
        'turn:prompt': async (turn) => {
          const lease = await ledger.reserve(turn.identity, turn.inputTokens, reservation)
          turn.state[STATE] = { lease, meter: createOutputMeter(lease, reservation, turn, onGrowError), refused: '' } satisfies TurnQuota
        },
        'turn:chunk': (turn, text) => {
          const quota = turn.state[STATE] as TurnQuota | undefined
          // Throwing stops the reply; the kernel leaves the refused chunk out of the stored text.
          if (quota && !quota.meter.take(text)) {
            quota.refused = text
            // The store down mid-reply (`counters_unavailable`) is not a spent day.
            const { failure } = quota.meter
            throw ChatbotException.isInstance(failure) ? failure : new ChatbotQuotaExceededException('The daily output token quota is used up.', quota.lease.resetsAt)
          }
        },
        // The stream clock pauses while tools run, but a lease's does not: renew it each round.
        'turn:tool': async (turn) => {
          const quota = turn.state[STATE] as TurnQuota | undefined
          await quota?.lease.grow(0).catch((error: unknown) => api.logger.warn('Could not renew the quota reservation:', error))
        },
        // The kernel has filled in the tokenizer's count where the provider reported no usage.
        'turn:end': (turn) => settle(turn, ({ usage }) => ({ input: usage.inputTokens, output: usage.outputTokens })),
        // A cut round reports no usage: count its prompt once anything streamed, and the text that
        // did plus a refused chunk, so a day spent mid-reply refuses the next turn (contract §8).
        'turn:error': (turn) =>
          settle(turn, ({ usage, text, inputTokens }, refused) => ({
            input: Math.max(usage.inputTokens, text === '' && refused === '' ? 0 : inputTokens),
            output: Math.max(usage.outputTokens, countTokens(text) + (refused === '' ? 0 : countTokens(refused))),
          })),
      })
    },
  })
}
