import type { CheckResult } from './run-check.js'

/** How often a dependency that stays down is logged again while health is probed. */
export const REPEAT_DOWN_MS = 60_000

/**
 * The health route's log of its dependencies: a warning when a probe first finds one down, again
 * at most once a minute while it stays down, and one line when a probe finds it back. A balancer
 * probes every few seconds: one warning per probe buried the log while Redis was down.
 */
export function createDownReporter(logger: { warn(message: string): void; info(message: string): void }, now: () => number = Date.now) {
  const lastWarned = new Map<string, number>()
  return (name: string, result: CheckResult): void => {
    const warned = lastWarned.get(name)
    if (result.status === 'ok') {
      if (warned === undefined) return
      lastWarned.delete(name)
      logger.info(`Health check: the ${name} is up again.`)
      return
    }
    if (warned !== undefined && now() - warned < REPEAT_DOWN_MS) return
    lastWarned.set(name, now())
    logger.warn(`Health check: the ${name} is ${warned === undefined ? 'down' : 'still down'} (${result.error}).`)
  }
}
