import { ChatbotShuttingDownException } from '../errors/index.js'

/**
 * How long aborted turns get to wind up: send their `error` event, store the partial reply and run
 * `turn:error` (the quota plugin settles there). Bounds a tool or hook that ignores the abort.
 */
const WIND_UP_MS = 5000

interface ShutdownLogger {
  info(message: string): void
  warn(message: string): void
}

/**
 * The turns in progress, for a graceful `close()`: message requests are admitted until it starts;
 * it then waits for them up to the grace period and ends the rest with `server_shutting_down`,
 * so the database and the counters close only after every turn stored and settled what it had.
 */
export function createTurnRegistry() {
  let closing = false
  let announced = false
  let ending = false
  // Requests between admission and their open stream (resolving the conversation, hooks, prompt).
  const admitted = new Set<Promise<unknown>>()
  // Turns streaming a reply: the promise settles once the turn stored its reply or partial reply.
  const streaming = new Map<Promise<unknown>, AbortController>()

  const abort = (controller: AbortController) => controller.abort(new ChatbotShuttingDownException('The server shut down before the reply was finished; send the message again.'))

  /** Whether every admitted request and turn ended before `deadline` (epoch ms). */
  const settleBy = async (deadline: number): Promise<boolean> => {
    for (;;) {
      const pending = [...admitted, ...streaming.keys()]
      if (pending.length === 0) return true
      const left = deadline - Date.now()
      if (left <= 0) return false
      let timer: ReturnType<typeof setTimeout> | undefined
      const timedOut = await Promise.race([
        Promise.allSettled(pending).then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), left))),
      ])
      clearTimeout(timer)
      if (timedOut) return false
    }
  }

  return {
    get closing() {
      return closing
    },
    /** Whether health answers 503: shutdown was announced (a drain delay) or began. */
    get unready() {
      return announced || closing
    },
    /** Health turns 503 while every route, messages too, goes on serving (`shutdown.drainDelay`). */
    announce(): void {
      announced = true
    },
    /** Runs `start` (a message request up to its open stream), or throws 503 once closing began. */
    admit<T>(start: () => Promise<T>): Promise<T> {
      if (closing) throw new ChatbotShuttingDownException()
      const running = start()
      const forget = () => admitted.delete(running)
      admitted.add(running)
      running.then(forget, forget)
      return running
    },
    /** Tracks a streaming turn until `done` settles. */
    track(controller: AbortController, done: Promise<unknown>): void {
      const forget = () => streaming.delete(done)
      streaming.set(done, controller)
      done.then(forget, forget)
      // Admitted before the grace ran out, streaming after: it ends like the others.
      if (ending) abort(controller)
    },
    /**
     * Refuses new turns, waits up to `graceMs` for those in progress, aborts the rest and waits
     * (bounded) for them to store and settle. Called once, by `chatbot.close()`.
     */
    async drain(graceMs: number, logger: ShutdownLogger): Promise<void> {
      closing = true
      const inProgress = admitted.size + streaming.size
      if (inProgress === 0) return
      logger.info(`Shutting down: waiting up to ${graceMs / 1000} s for ${inProgress} ${inProgress === 1 ? 'reply' : 'replies'} in progress.`)
      if (await settleBy(Date.now() + graceMs)) return
      ending = true
      logger.warn(`Shutting down: ending ${streaming.size} ${streaming.size === 1 ? 'reply' : 'replies'} still running after the grace period (server_shutting_down).`)
      for (const controller of streaming.values()) abort(controller)
      if (!(await settleBy(Date.now() + WIND_UP_MS))) {
        logger.warn(`Shutting down: ${admitted.size + streaming.size} turns did not wind up within ${WIND_UP_MS / 1000} s of being ended; closing anyway.`)
      }
    },
  }
}

export type TurnRegistry = ReturnType<typeof createTurnRegistry>
