import { describe, expect, it } from 'vitest'
import { backoffDelay, sleep } from '../../src/stream/backoff.js'

describe('backoffDelay', () => {
  it('doubles from half a second and stops growing at eight', () => {
    const middle = () => 0.5
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => backoffDelay(attempt, middle))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000])
  })

  it('spreads each delay by a quarter either way', () => {
    expect(backoffDelay(1, () => 0)).toBe(750)
    expect(backoffDelay(1, () => 1)).toBe(1250)
  })
})

describe('sleep', () => {
  it('ends at once when the signal aborts', async () => {
    const abort = new AbortController()
    const waiting = sleep(3_600_000, abort.signal)
    abort.abort()
    await expect(waiting).resolves.toBeUndefined()
  })
})
