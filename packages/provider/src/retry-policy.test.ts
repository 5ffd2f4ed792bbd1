import { describe, expect, test } from 'vitest'
import { backoffDelay, parseRetryAfter, waitFor } from './retry-policy.js'

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-10T12:00:00Z')

  test.each([
    ['1', 1000],
    [' 120 ', 120_000],
    ['0', 0],
    ['1.5', 1500],
    ['Tue, 10 Nov 2026 12:01:30 GMT', 90_000],
    ['Tuesday, 10-Nov-26 12:00:05 GMT', 5000],
    ['Tue, 10 Nov 2026 11:00:00 GMT', 0],
  ])('%j → %i ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms)
  })

  test.each([undefined, '', 'soon', '-1', '1e3'])('%j is unreadable: backoff applies', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined()
  })
})

describe('backoffDelay', () => {
  test('full jitter below a window that doubles per retry up to 8 s', () => {
    const top = () => 0.9999
    expect([0, 1, 2, 3, 4, 5, 9].map((retry) => backoffDelay(retry, 500, top))).toEqual([499, 999, 1999, 3999, 7999, 7999, 7999])
    expect(backoffDelay(3, 500, () => 0)).toBe(0)
  })
})

describe('waitFor', () => {
  test('an already aborted signal rejects with its reason', async () => {
    const reason = new Error('gone')
    await expect(waitFor(60_000, AbortSignal.abort(reason))).rejects.toBe(reason)
  })
})
