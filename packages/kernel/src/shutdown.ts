import type { ConsolaInstance } from 'consola'
import type { KernelHooks } from './hookable.js'
import type { TurnRegistry } from './turn/registry.js'

interface ShutdownParts {
  shutdownGrace: number
  turns: TurnRegistry
  hooks: KernelHooks
  logger: ConsolaInstance
  /** Stops what start-up scheduled (the tokenizer warm-up). */
  stopTimers: () => void
  /** Closes the database and the counters. */
  closeStores: () => Promise<void>
}

/** `chatbot.close()`: let turns finish (up to the grace), run the `close` hooks, then close the stores. */
export function createClose(parts: ShutdownParts): (options?: { grace?: number }) => Promise<void> {
  let closed: Promise<void> | undefined
  return (options = {}) => {
    const grace = options.grace ?? parts.shutdownGrace
    if (!(grace >= 0)) return Promise.reject(new TypeError(`chatbot.close: grace must be a number of seconds ≥ 0, got ${grace}.`))
    // A signal handler and a host's or module's own `close` hook may both call it: one shutdown.
    return (closed ??= (async () => {
      // The turns still use the database and the counters until they stored and settled.
      await parts.turns.drain(grace * 1000, parts.logger)
      parts.stopTimers()
      try {
        await parts.hooks.callHook('close')
      } finally {
        // A `close` hook that throws must not leave the database or Redis connection open.
        await parts.closeStores()
      }
    })())
  }
}
