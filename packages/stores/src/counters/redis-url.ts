import { configError } from '../failures.js'

/**
 * Refuses a Redis URL that cannot be parsed, saying what to encode instead of ioredis's bare
 * "Invalid URL". The URL, and its password above all, is never repeated in the message.
 * An unencoded `@` or `:` in the password parses (the last `@` ends it); `/`, `?`, `#` and a
 * stray `%` do not.
 */
export function assertRedisUrl(url: string): void {
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  const decodes = parsed !== undefined && [parsed.username, parsed.password].every(canDecode)
  if (decodes) return
  throw configError(
    'storage',
    'is not a valid redis:// URL. If the password (or user name) holds special characters, percent-encode them ' +
      '(encodeURIComponent: / as %2F, ? as %3F, # as %23, @ as %40, : as %3A, % as %25): redis://:<encoded password>@host:6379',
  )
}

function canDecode(part: string): boolean {
  try {
    decodeURIComponent(part)
    return true
  } catch {
    return false
  }
}
