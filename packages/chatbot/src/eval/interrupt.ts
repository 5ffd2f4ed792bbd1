import type { ConsolaInstance } from 'consola'

/** How a run reacts to Ctrl-C (SIGINT) or SIGTERM. */
export interface RunInterrupt {
  /** Aborted by the first signal: no further case starts. */
  signal: AbortSignal
  /** The chatbot is up: an interrupt now closes it (removing the throwaway database); one that came while it started does so at once. */
  closeWith(close: () => Promise<void>): void
}

/**
 * The first signal stops the run and exits 130 once the chatbot is closed, so the throwaway
 * database (a Postgres schema in particular) does not stay behind, even when the signal came while
 * it was being made. A second signal exits at once.
 */
export function createRunInterrupt(logger: ConsolaInstance): RunInterrupt {
  const controller = new AbortController()
  let close: (() => Promise<void>) | undefined
  const exit = (closing: () => Promise<void>) =>
    void closing()
      .catch((error: unknown) => logger.error('Interrupted; removing the throwaway database failed:', error))
      .finally(() => process.exit(130))
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130)
    controller.abort()
    if (close) exit(close)
  }
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
  return {
    signal: controller.signal,
    closeWith(closing) {
      close = closing
      if (controller.signal.aborted) exit(closing)
    },
  }
}
