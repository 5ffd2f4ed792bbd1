/** How timestamps are stored: ISO-8601 UTC text, e.g. `2026-11-22T05:13:00.000Z`; it sorts lexicographically. */
export function toStoredTimestamp(date: Date): string {
  return date.toISOString()
}

/** How timestamps leave the storage layer: with an explicit offset, e.g. `2026-11-22T05:13:00.000+00:00`. */
export function fromStoredTimestamp(stored: string): string {
  return stored.endsWith('Z') ? `${stored.slice(0, -1)}+00:00` : stored
}
