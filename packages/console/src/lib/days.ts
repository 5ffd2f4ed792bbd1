// The API counts by UTC day (`YYYY-MM-DD`), so the console's ranges are UTC days too.

const DAY_MS = 86_400_000

/** The UTC day of an instant. */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10)

/** `day` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS)

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = []
  for (let day = from; day <= to && days.length <= 3660; day = addDays(day, 1)) days.push(day)
  return days
}

/** The presets of the range picker, in days; `custom` takes the dates given. */
export const PRESETS = [7, 30, 90] as const
export type Preset = (typeof PRESETS)[number] | 'custom'

/** The last `days` UTC days, today included. */
export function lastDays(days: number, today = dayOf(Date.now())): { from: string; to: string } {
  return { from: addDays(today, 1 - days), to: today }
}

/** Seconds since the epoch at the start of a UTC day, as uPlot's time axis takes them. */
export const epochOf = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000
