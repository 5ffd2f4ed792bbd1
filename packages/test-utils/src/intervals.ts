/**
 * Runs `start` and gives the delays of the `setInterval` timers it started from a source file
 * whose path contains `from` (a plugin's own sweeps, told apart from the kernel's by the stack).
 * For "no timer runs while the feature is off": an empty list can fail, a started one shows.
 */
export async function intervalsStartedBy(from: string, start: () => Promise<unknown>): Promise<number[]> {
  const original = globalThis.setInterval
  const delays: number[] = []
  globalThis.setInterval = ((handler: () => void, delay?: number, ...rest: unknown[]) => {
    if (new Error().stack?.includes(from)) delays.push(delay ?? 0)
    return original(handler, delay, ...rest)
  }) as typeof setInterval
  try {
    await start()
  } finally {
    globalThis.setInterval = original
  }
  return delays
}
