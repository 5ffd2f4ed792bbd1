import { randomBytes } from 'node:crypto'
import { ChatbotConfigException } from '../errors/index.js'

const PREFIX = 'base64:'
const MIN_BYTES = 32
const MIN_CHARS = 32
const MIN_DISTINCT = 10
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

const HOW_TO_CREATE =
  'run "npx chatbot key" (it writes CHATBOT_APP_KEY to .env and nothing else), or set it to "base64:" followed by the output of "openssl rand -base64 32"'

/** A fresh key in the `base64:` form: 32 random bytes. */
export function generateAppKey(): string {
  return PREFIX + randomBytes(MIN_BYTES).toString('base64')
}

/**
 * Validates an app key at start-up and returns the HMAC key bytes. Accepted: `base64:<≥32 bytes>`,
 * or a plain string of ≥32 characters that is not trivially weak. Messages name the key, never its value.
 */
export function parseAppKey(value: string | undefined, name = 'appKey'): Buffer {
  if (value === undefined || value.trim() === '') throw new ChatbotConfigException(name, `is missing: ${HOW_TO_CREATE}.`)
  if (value.startsWith(PREFIX)) {
    const encoded = value.slice(PREFIX.length)
    const bytes = BASE64.test(encoded) && encoded.length % 4 === 0 ? Buffer.from(encoded, 'base64') : undefined
    if (!bytes || bytes.length < MIN_BYTES) {
      throw new ChatbotConfigException(name, `must be "base64:" followed by the base64 of at least ${MIN_BYTES} random bytes; ${HOW_TO_CREATE}.`)
    }
    if (isWeak([...bytes])) throw new ChatbotConfigException(name, `is too weak (its bytes barely vary); ${HOW_TO_CREATE}.`)
    return bytes
  }
  const chars = [...value]
  if (chars.length < MIN_CHARS) {
    throw new ChatbotConfigException(name, `is shorter than ${MIN_CHARS} characters; ${HOW_TO_CREATE}.`)
  }
  if (isWeak(chars)) throw new ChatbotConfigException(name, `is too weak (too few distinct characters, or a repeated pattern); ${HOW_TO_CREATE}.`)
  return Buffer.from(value, 'utf8')
}

// Catches "aaaa…", "abababab…" and "0123456789abcdef0123456789abcdef": long enough, guessable.
function isWeak(units: readonly (string | number)[]): boolean {
  if (new Set(units).size < MIN_DISTINCT) return true
  for (let period = 1; period <= units.length / 2; period++) {
    if (units.every((unit, index) => index < period || unit === units[index - period])) return true
  }
  return false
}
