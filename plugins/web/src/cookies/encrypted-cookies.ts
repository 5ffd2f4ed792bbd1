import { deleteCookie, getCookie, setCookie, type H3Event } from 'h3'
import { cookieAttributes, type SecureCookies } from './attributes.js'
import type { CookieCipher, OpenedCookie } from './cipher.js'

export interface EncryptedCookies {
  /** The raw value as the browser sent it, or undefined. */
  raw(event: H3Event, name: string): string | undefined
  /** The decrypted value; undefined when absent or unreadable (plaintext, tampered, another key). */
  read(event: H3Event, name: string): OpenedCookie | undefined
  write(event: H3Event, name: string, value: string, maxAge: number): void
  /** Sets the value as is: only for `routeMiddleware: []`, where nothing is encrypted. */
  writePlain(event: H3Event, name: string, value: string, maxAge: number): void
  drop(event: H3Event, name: string): void
}

/** Reading and writing this plugin's cookies on an h3 event, sealed by `cipher`. */
export function createEncryptedCookies(cipher: CookieCipher, secure: SecureCookies): EncryptedCookies {
  const raw = (event: H3Event, name: string) => getCookie(event, name)
  const writePlain = (event: H3Event, name: string, value: string, maxAge: number) => setCookie(event, name, value, cookieAttributes(event, secure, maxAge))
  return {
    raw,
    read(event, name) {
      const value = raw(event, name)
      return value === undefined ? undefined : cipher.open(name, value)
    },
    write: (event, name, value, maxAge) => writePlain(event, name, cipher.seal(name, value), maxAge),
    writePlain,
    drop: (event, name) => deleteCookie(event, name, cookieAttributes(event, secure, 0)),
  }
}
