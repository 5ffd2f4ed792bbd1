import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { parseAppKey } from '@chatbot-kit/kernel'

/** Every value this plugin writes starts with it: anything else (a plaintext id from before) is foreign. */
export const SEALED_PREFIX = 'v1.'
// The HKDF purpose label: the cookie key can never equal the envelope's HMAC key, nor any key derived for another purpose.
const PURPOSE = 'chatbot-kit/web/cookie-encryption/v1'
const IV_BYTES = 12
const TAG_BYTES = 16
// Browsers keep about 4 KiB per cookie; anything much longer is not ours and not worth decrypting.
const MAX_SEALED_LENGTH = 8192

export interface OpenedCookie {
  value: string
  /** Sealed with a previous app key (`appKeyPrevious`): still valid, worth re-sealing. */
  stale: boolean
}

export interface CookieCipher {
  /** `v1.` + base64url(iv ‖ AES-256-GCM ciphertext ‖ tag); the cookie name is authenticated too. */
  seal(name: string, value: string): string
  /** The value, or undefined when it is not ours, was tampered with, or belongs to another cookie name. */
  open(name: string, sealed: string): OpenedCookie | undefined
}

/** The 32-byte AES key of one app key (`appKey` or an `appKeyPrevious` entry). */
export function deriveCookieKey(appKey: string, configKey = 'appKey'): Buffer {
  return Buffer.from(hkdfSync('sha256', parseAppKey(appKey, configKey), Buffer.alloc(0), PURPOSE, 32))
}

/**
 * Authenticated encryption of cookie values. New values use the current key; values sealed with
 * a previous key still open during a key rotation. Binding the name as associated data stops a
 * sealed guest id from being replayed as, say, a session.
 */
export function createCookieCipher(options: { appKey: string; previousKeys?: string[] }): CookieCipher {
  const keys = [deriveCookieKey(options.appKey), ...(options.previousKeys ?? []).map((key) => deriveCookieKey(key, 'appKeyPrevious'))]
  const current = keys[0]!

  return {
    seal(name, value) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', current, iv)
      cipher.setAAD(Buffer.from(name))
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
      return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
    },

    open(name, sealed) {
      if (!sealed.startsWith(SEALED_PREFIX) || sealed.length > MAX_SEALED_LENGTH) return undefined
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url')
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined
      const iv = bytes.subarray(0, IV_BYTES)
      const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)
      const tag = bytes.subarray(bytes.length - TAG_BYTES)
      for (const [index, key] of keys.entries()) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
          decipher.setAAD(Buffer.from(name))
          decipher.setAuthTag(tag)
          const value = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
          return { value, stale: index > 0 }
        } catch {
          // Wrong key or tampered bytes: try the next key.
        }
      }
      return undefined
    },
  }
}
