import { describe, expect, test } from 'vitest'
import { ProviderError } from './error.js'
import { isRetryableProviderFailure } from './retry-rule.js'

describe('isRetryableProviderFailure', () => {
  test.each([408, 409, 429, 500, 502, 503, 504, 599])('status %i may pass on a second try', (status) => {
    expect(isRetryableProviderFailure('status', status)).toBe(true)
  })

  test.each([400, 401, 403, 404, 413, 422])('status %i would fail the same way again', (status) => {
    expect(isRetryableProviderFailure('status', status)).toBe(false)
  })

  test('no response and a broken-off body are retryable; an unreadable answer is not', () => {
    expect([isRetryableProviderFailure('network'), isRetryableProviderFailure('cut'), isRetryableProviderFailure('malformed')]).toEqual([true, true, false])
  })
})

describe('ProviderError', () => {
  const error = new ProviderError('The AI provider is busy.', { kind: 'status', status: 408, detail: 'timeout at db-7.internal' })

  test('takes its retryable flag from the one rule', () => {
    expect(error).toMatchObject({ kind: 'status', status: 408, retryable: true, detail: 'timeout at db-7.internal' })
  })

  test('serializes without the detail', () => {
    expect(JSON.parse(JSON.stringify(error))).toEqual({ name: 'ProviderError', message: 'The AI provider is busy.', kind: 'status', status: 408, retryable: true })
  })

  test('is recognised by its marker, also when another copy of the package made it', () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('chatbot-kit.provider-error')]: true })
    expect([ProviderError.isInstance(error), ProviderError.isInstance(foreign), ProviderError.isInstance(new Error('x')), ProviderError.isInstance(null)]).toEqual([true, true, false, false])
  })
})
