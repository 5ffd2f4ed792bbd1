const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

export interface ThrottleWindow {
  name: 'minute' | 'day'
  /** Part of the counter key: the window's start, e.g. `2026-11-22T0614` or `2026-11-22`. */
  id: string
  /** End of the window, epoch ms: the count resets exactly here. */
  end: number
}

/** The fixed windows `at` falls in: the current minute and the current UTC day. */
export function currentWindows(at: number): [minute: ThrottleWindow, day: ThrottleWindow] {
  const minute = at - (at % MINUTE_MS)
  const day = at - (at % DAY_MS)
  const iso = new Date(minute).toISOString()
  return [
    { name: 'minute', id: `${iso.slice(0, 13)}${iso.slice(14, 16)}`, end: minute + MINUTE_MS },
    { name: 'day', id: iso.slice(0, 10), end: day + DAY_MS },
  ]
}
