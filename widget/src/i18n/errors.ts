import type { WidgetError } from '../api/errors.js'
import type { StringKey } from './strings.js'

// Stream error codes (contract §5) and a few request codes, then HTTP statuses, grouped by
// what the user can do about them.
const MESSAGES: Record<string, StringKey> = {
  token_cap_exceeded: 'errorTooLong',
  quota_exceeded: 'errorQuota',
  stream_timeout: 'errorTimeout',
  provider_error: 'errorUnavailable',
  provider_unavailable: 'errorUnavailable',
  reply_interrupted: 'errorUnavailable',
  network_error: 'errorNetwork',
  stream_interrupted: 'errorNetwork',
  approval_expired: 'approvalExpired',
  approval_decided: 'approvalDecided',
  feedback_failed: 'feedbackFailed',
  403: 'errorSession',
  419: 'errorSession',
  413: 'errorTooLong',
  422: 'errorInvalid',
  429: 'errorThrottled',
  503: 'errorUnavailable',
}

/** The translated message key for an error: by code first, then by HTTP status. */
export function errorStringKey(error: WidgetError): StringKey {
  for (const key of [error.code, String(error.status)]) if (Object.hasOwn(MESSAGES, key)) return MESSAGES[key]!
  return 'errorGeneric'
}

/**
 * Whether only a page reload can help: the server refused the envelope or the session (403, 419),
 * as after a restart with another app key. The message says to reload, and Reload replaces Retry.
 */
export const needsReload = (error: WidgetError): boolean => errorStringKey(error) === 'errorSession'
