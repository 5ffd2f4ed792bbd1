/**
 * `streamDuration` counts model streaming only: the clock pauses while tools run. When it runs
 * out, `onExpire` fires (the turn aborts the provider request with a timeout).
 */
export function createDeadline(budgetMs: number, onExpire: () => void): Deadline {
  return new Deadline(budgetMs, onExpire)
}

// A class rather than closures over a literal with a getter: one lives per open stream.
export class Deadline {
  private startedAt = 0
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private remaining: number,
    private readonly onExpire: () => void,
  ) {}

  get expired(): boolean {
    return this.remaining <= 0
  }

  /** Ms left of the budget now. */
  left(): number {
    return this.timer ? this.remaining - (performance.now() - this.startedAt) : this.remaining
  }

  resume(): void {
    if (this.timer || this.remaining <= 0) return
    this.startedAt = performance.now()
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.remaining = 0
      this.onExpire()
    }, this.remaining)
  }

  pause(): void {
    if (!this.timer) return
    clearTimeout(this.timer)
    this.timer = undefined
    this.remaining -= performance.now() - this.startedAt
  }

  clear(): void {
    this.pause()
  }
}
