import { describe, expect, it } from 'vitest'
import { errorStringKey, needsReload } from '../../src/i18n/errors.js'

const error = (code: string, status?: number) => ({ code, message: '', retryable: false, status })

describe('errorStringKey', () => {
  it('explains stream errors by code', () => {
    expect(errorStringKey(error('quota_exceeded'))).toBe('errorQuota')
    expect(errorStringKey(error('stream_timeout'))).toBe('errorTimeout')
    expect(errorStringKey(error('provider_unavailable'))).toBe('errorUnavailable')
    expect(errorStringKey(error('stream_interrupted'))).toBe('errorNetwork')
  })

  it('explains request errors by status when the code says nothing more', () => {
    expect(errorStringKey(error('invalid_envelope', 403))).toBe('errorSession')
    expect(errorStringKey(error('csrf_token_mismatch', 419))).toBe('errorSession')
    expect(errorStringKey(error('throttled', 429))).toBe('errorThrottled')
    expect(errorStringKey(error('validation_failed', 422))).toBe('errorInvalid')
    expect(errorStringKey(error('token_cap_exceeded', 422))).toBe('errorTooLong')
  })

  it('falls back to a generic message', () => {
    expect(errorStringKey(error('internal_error', 500))).toBe('errorGeneric')
    expect(errorStringKey(error('constructor'))).toBe('errorGeneric')
  })
})

describe('needsReload', () => {
  it('is true when the server refused the envelope or the session, which only a fresh page renews', () => {
    expect(needsReload(error('invalid_envelope', 403))).toBe(true)
    expect(needsReload(error('csrf_token_mismatch', 419))).toBe(true)
    expect(needsReload(error('provider_unavailable'))).toBe(false)
    expect(needsReload(error('network_error'))).toBe(false)
    expect(needsReload(error('throttled', 429))).toBe(false)
  })
})
