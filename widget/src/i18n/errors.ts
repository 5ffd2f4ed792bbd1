import type { WidgetError } from '../api/errors.js'
import type { StringKey } from './strings.js'

// Server codes (contract §5 and the kernel's exceptions), then bare HTTP statuses, grouped by
// what the user can do about them.
const MESSAGES: Record<string, StringKey> = {
  invalid_envelope: 'errorSession',
  csrf_token_mismatch: 'errorSession',
  403: 'errorSession',
  419: 'errorSession',
  throttled: 'errorThrottled',
  429: 'errorThrottled',
  token_cap_exceeded: 'errorTooLong',
  payload_too_large: 'errorTooLong',
  413: 'errorTooLong',
  422: 'errorInvalid',
  quota_exceeded: 'errorQuota',
  stream_timeout: 'errorTimeout',
  provider_error: 'errorUnavailable',
  provider_unavailable: 'errorUnavailable',
  service_unavailable: 'errorUnavailable',
  503: 'errorUnavailable',
  network_error: 'errorNetwork',
  stream_interrupted: 'errorNetwork',
}

/** The translated message key for an error: by code first, then by HTTP status. */
export function errorStringKey(error: WidgetError): StringKey {
  for (const key of [error.code, String(error.status)]) if (Object.hasOwn(MESSAGES, key)) return MESSAGES[key]!
  return 'errorGeneric'
}
