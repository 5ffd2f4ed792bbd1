import type { WidgetError } from '../api/errors.js'
import type { StringKey } from './strings.js'

// Server codes (contract §5 and the kernel's exceptions) grouped by what the user can do about them.
const BY_CODE: Record<string, StringKey> = {
  invalid_envelope: 'errorSession',
  csrf_token_mismatch: 'errorSession',
  throttled: 'errorThrottled',
  token_cap_exceeded: 'errorTooLong',
  payload_too_large: 'errorTooLong',
  quota_exceeded: 'errorQuota',
  stream_timeout: 'errorTimeout',
  provider_error: 'errorUnavailable',
  provider_unavailable: 'errorUnavailable',
  service_unavailable: 'errorUnavailable',
  network_error: 'errorNetwork',
  stream_interrupted: 'errorNetwork',
}

const BY_STATUS: Record<number, StringKey> = {
  403: 'errorSession',
  419: 'errorSession',
  413: 'errorTooLong',
  422: 'errorInvalid',
  429: 'errorThrottled',
  503: 'errorUnavailable',
}

/** The translated message key for an error: by code first, then by HTTP status. */
export function errorStringKey(error: WidgetError): StringKey {
  if (Object.hasOwn(BY_CODE, error.code)) return BY_CODE[error.code]!
  if (error.status !== undefined && Object.hasOwn(BY_STATUS, error.status)) return BY_STATUS[error.status]!
  return 'errorGeneric'
}
