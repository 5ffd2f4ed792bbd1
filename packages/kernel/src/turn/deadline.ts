/**
 * `streamDuration` counts model streaming only: the clock pauses while tools run. When it runs
 * out, `onExpire` fires (the turn aborts the provider request with a timeout).
 */
export function createDeadline(budgetMs: number, onExpire: () => void) {
  let remaining = budgetMs
  let startedAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const pause = () => {
    if (!timer) return
    clearTimeout(timer)
    timer = undefined
    remaining -= performance.now() - startedAt
  }

  return {
    get expired() {
      return remaining <= 0
    },
    /** Ms left of the budget now. */
    left() {
      return timer ? remaining - (performance.now() - startedAt) : remaining
    },
    resume() {
      if (timer || remaining <= 0) return
      startedAt = performance.now()
      timer = setTimeout(() => {
        timer = undefined
        remaining = 0
        onExpire()
      }, remaining)
    },
    pause,
    clear: pause,
  }
}
