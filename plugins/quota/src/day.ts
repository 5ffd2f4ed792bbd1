const DAY_MS = 86_400_000

export interface QuotaDay {
  /** `2026-11-22`: part of the counter keys, so counts reset exactly at UTC midnight. */
  id: string
  /** The next UTC midnight. */
  resetsAt: Date
  /** Key lifetime: to midnight plus a day, so a turn that started before midnight still settles on its own day. */
  ttlSeconds: number
}

export function utcDay(at: number): QuotaDay {
  const start = at - (at % DAY_MS)
  const end = start + DAY_MS
  return { id: new Date(start).toISOString().slice(0, 10), resetsAt: new Date(end), ttlSeconds: Math.ceil((end - at) / 1000) + DAY_MS / 1000 }
}

/** ISO 8601 with an explicit offset, as every timestamp of the contract. */
export function toIsoWithOffset(date: Date): string {
  return date.toISOString().replace(/Z$/, '+00:00')
}
