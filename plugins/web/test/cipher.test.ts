import { createDecipheriv, hkdfSync } from 'node:crypto'
import { ChatbotConfigException, generateAppKey, parseAppKey } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { createCookieCipher, deriveCookieKey } from '../src/cookies/cipher.js'

const KEY = generateAppKey()
const cipher = createCookieCipher({ appKey: KEY })

describe('cookie cipher', () => {
  it('seals as v1. + base64url(iv, AES-256-GCM ciphertext, tag) under an HKDF key with a purpose label', () => {
    const sealed = cipher.seal('chatbot_guest_id', 'guest-1')
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    // Decrypted by hand from the documented format, so the test does not trust the code under test.
    const bytes = Buffer.from(sealed.slice(3), 'base64url')
    const key = Buffer.from(hkdfSync('sha256', parseAppKey(KEY), Buffer.alloc(0), 'chatbot-kit/web/cookie-encryption/v1', 32))
    expect(deriveCookieKey(KEY).equals(key)).toBe(true)
    expect(key.equals(parseAppKey(KEY))).toBe(false)
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
    decipher.setAAD(Buffer.from('chatbot_guest_id'))
    decipher.setAuthTag(bytes.subarray(-16))
    expect(Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString()).toBe('guest-1')
    expect(cipher.open('chatbot_guest_id', sealed)).toEqual({ value: 'guest-1', stale: false })
  })

  it('never seals one value the same way twice', () => {
    expect(cipher.seal('n', 'same')).not.toBe(cipher.seal('n', 'same'))
  })

  it.each([
    ['a plaintext id', '3f0c9b9e-5b8e-4c47-9a53-0b8f8f0e2d11'],
    ['an empty value', ''],
    ['the bare prefix', 'v1.'],
    ['a short body', 'v1.AAAA'],
    ['another version', `v2.${cipher.seal('n', 'x').slice(3)}`],
    ['an oversized value', `v1.${'A'.repeat(9000)}`],
  ])('does not open %s', (_, value) => {
    expect(cipher.open('n', value)).toBeUndefined()
  })

  it('does not open a value with any byte changed, or under another cookie name', () => {
    const sealed = cipher.seal('n', 'value')
    const bytes = Buffer.from(sealed.slice(3), 'base64url')
    for (let index = 0; index < bytes.length; index++) {
      const changed = Buffer.from(bytes)
      changed[index] = changed[index]! ^ 1
      expect(cipher.open('n', `v1.${changed.toString('base64url')}`), `byte ${index}`).toBeUndefined()
    }
    expect(cipher.open('m', sealed)).toBeUndefined()
  })

  it('opens values of a previous key as stale, and not once that key is gone', () => {
    const oldKey = generateAppKey()
    const sealed = createCookieCipher({ appKey: oldKey }).seal('n', 'v')
    expect(createCookieCipher({ appKey: KEY, previousKeys: [oldKey] }).open('n', sealed)).toEqual({ value: 'v', stale: true })
    expect(cipher.open('n', sealed)).toBeUndefined()
  })

  it('validates the keys, naming the one that is weak', () => {
    expect(() => createCookieCipher({ appKey: KEY, previousKeys: ['a'.repeat(40)] })).toThrow(ChatbotConfigException)
    expect(() => createCookieCipher({ appKey: KEY, previousKeys: ['a'.repeat(40)] })).toThrow(expect.objectContaining({ key: 'appKeyPrevious' }))
  })
})
