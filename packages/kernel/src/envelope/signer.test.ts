import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ChatbotConfigException, ChatbotInvalidEnvelopeException } from '../errors/index.js'
import { createEnvelopeSigner, ENVELOPE_TTL_SECONDS, generateAppKey, parseAppKey, type EnvelopeClaims } from './index.js'

const KEY = generateAppKey()
const OTHER_KEY = generateAppKey()
const NOW = new Date('2026-11-03T12:00:00Z')
const NOW_SECONDS = NOW.getTime() / 1000
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)

const signer = createEnvelopeSigner({ appKey: KEY })
const claims: EnvelopeClaims = { userId: '42', route: 'support.page', channel: 'support' }
const token = signer.mint(claims, NOW)

// Builds tokens by hand from the documented format, so tests do not trust the code under test.
const encode = (payload: unknown) => Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)).toString('base64url')
const hmac = (part: string, key = KEY) => createHmac('sha256', parseAppKey(key)).update(part).digest('base64url')
const signRaw = (payload: unknown, key = KEY) => `${encode(payload)}.${hmac(encode(payload), key)}`
const valid = { v: 1, uid: '42', route: 'support.page', channel: 'support', iat: NOW_SECONDS, exp: NOW_SECONDS + 900 }

function expectInvalid(run: () => unknown): void {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(ChatbotInvalidEnvelopeException)
  const error = caught as ChatbotInvalidEnvelopeException
  expect(error.status).toBe(403)
  expect(error.code()).toBe('invalid_envelope')
  for (const key of [KEY, OTHER_KEY]) expect(error.message).not.toContain(key.slice('base64:'.length))
}

describe('mint and verify', () => {
  it('round-trips a user envelope whose payload is readable and signed as documented', () => {
    const extractors = { 'page-snapshot': { timeoutMs: 250, sizeCapBytes: 8192 } }
    const minted = signer.mint({ ...claims, greeting: 'Hello!', extractors }, NOW)
    const expected = { ...valid, greeting: 'Hello!', extractors }
    expect(signer.verify(minted, { route: 'support.page', channel: 'support' }, NOW)).toEqual(expected)
    const [part, signature] = minted.split('.')
    expect(JSON.parse(Buffer.from(part!, 'base64url').toString())).toEqual(expected)
    expect(signature).toBe(hmac(part!))
    expect(ENVELOPE_TTL_SECONDS).toBe(900)
  })

  it('round-trips a guest envelope', () => {
    const minted = signer.mint({ guestId: 'g-1', route: 'home', channel: 'sales' }, NOW)
    expect(signer.verify(minted, {}, NOW)).toEqual({ v: 1, gid: 'g-1', route: 'home', channel: 'sales', iat: NOW_SECONDS, exp: NOW_SECONDS + 900 })
  })

  it.each([
    ['both identities', { ...claims, guestId: 'g-1' }],
    ['no identity', { route: 'home', channel: 'sales' }],
    ['an empty identity', { ...claims, userId: '' }],
    ['no route', { ...claims, route: '' }],
  ])('refuses to mint with %s', (_, bad) => {
    expect(() => signer.mint(bad as EnvelopeClaims, NOW)).toThrow(TypeError)
  })
})

describe('verify rejects', () => {
  const [part, signature] = token.split('.') as [string, string]
  const flip = (text: string, index: number) => text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1)

  it('a tampered payload byte, and a re-encoded payload with the old signature', () => {
    expect(signer.verify(token, {}, NOW).uid).toBe('42')
    expectInvalid(() => signer.verify(`${flip(part, 10)}.${signature}`, {}, NOW))
    expectInvalid(() => signer.verify(`${encode({ ...valid, uid: '1' })}.${signature}`, {}, NOW))
  })

  it('a tampered, truncated or extended signature', () => {
    expectInvalid(() => signer.verify(`${part}.${flip(signature, 0)}`, {}, NOW))
    expectInvalid(() => signer.verify(`${part}.${signature.slice(0, -1)}`, {}, NOW))
    expectInvalid(() => signer.verify(`${part}.${signature}A`, {}, NOW))
  })

  it('a signature swapped in from another token', () => {
    const other = signer.mint({ ...claims, userId: '43' }, NOW)
    expectInvalid(() => signer.verify(`${part}.${other.split('.')[1]}`, {}, NOW))
  })

  it('a token signed with another key', () => {
    expectInvalid(() => createEnvelopeSigner({ appKey: OTHER_KEY }).verify(token, {}, NOW))
  })

  it('an expired token: at exactly 900 s and after', () => {
    expect(signer.verify(token, {}, at(899)).uid).toBe('42')
    expectInvalid(() => signer.verify(token, {}, at(900)))
    expectInvalid(() => signer.verify(token, {}, at(901)))
  })

  it('a token issued more than 60 s in the future', () => {
    expect(signer.verify(signer.mint(claims, at(60)), {}, NOW).uid).toBe('42')
    expectInvalid(() => signer.verify(signer.mint(claims, at(61)), {}, NOW))
  })

  it('a token bound to another route or channel', () => {
    expect(signer.verify(token, { route: 'support.page', channel: 'support' }, NOW).route).toBe('support.page')
    expectInvalid(() => signer.verify(token, { route: 'checkout' }, NOW))
    expectInvalid(() => signer.verify(token, { channel: 'sales' }, NOW))
  })

  it.each(['', 'garbage', '.', '..', 'a.b', 'a.b.c', `${token}.`, `.${token}`, ` ${token}`, `${token}\n`, `${part}.${signature}=`, '%%%.***', 'x'.repeat(10_000)])(
    'a garbage string %#',
    (garbage) => {
      expectInvalid(() => signer.verify(garbage, {}, NOW))
    },
  )

  it.each([undefined, null, 42, {}, [token], Buffer.from(token)])('a non-string %#', (value) => {
    expectInvalid(() => signer.verify(value, {}, NOW))
  })

  it.each([
    ['both identities', { ...valid, gid: 'g-1' }],
    ['no identity', { ...valid, uid: undefined }],
    ['an empty identity', { ...valid, uid: '' }],
    ['another version', { ...valid, v: 2 }],
    ['no channel', { ...valid, channel: undefined }],
    ['a string timestamp', { ...valid, exp: String(valid.exp) }],
    ['a malformed extractor allowlist', { ...valid, extractors: { x: { timeoutMs: 'soon' } } }],
    ['a JSON array', [valid]],
    ['text that is not JSON', 'not json'],
  ])('a correctly signed payload with %s', (_, payload) => {
    expect(signer.verify(signRaw(valid), {}, NOW).uid).toBe('42')
    expectInvalid(() => signer.verify(signRaw(payload), {}, NOW))
  })
})

describe('lifetime cap and declared channels', () => {
  it('refuses a correctly signed token whose exp lies more than 900 s after its iat', () => {
    expect(signer.verify(signRaw({ ...valid, exp: NOW_SECONDS + ENVELOPE_TTL_SECONDS }), {}, NOW).uid).toBe('42')
    expectInvalid(() => signer.verify(signRaw({ ...valid, exp: NOW_SECONDS + ENVELOPE_TTL_SECONDS + 1 }), {}, NOW))
    expectInvalid(() => signer.verify(signRaw({ ...valid, iat: NOW_SECONDS - 3600, exp: NOW_SECONDS + 365 * 86_400 }), {}, NOW))
  })

  it('refuses a long-lived token signed by a previous key too', () => {
    const rotated = createEnvelopeSigner({ appKey: OTHER_KEY, previousKeys: [KEY] })
    expect(rotated.verify(signRaw(valid, KEY), {}, NOW).uid).toBe('42')
    expectInvalid(() => rotated.verify(signRaw({ ...valid, exp: NOW_SECONDS + 7200 }, KEY), {}, NOW))
  })

  it('refuses a token for a channel the config does not declare', () => {
    expect(signer.verify(token, { channels: { default: {}, support: {} } }, NOW).channel).toBe('support')
    expectInvalid(() => signer.verify(token, { channels: { default: {} } }, NOW))
    // Only own keys declare a channel, not what an object inherits.
    expectInvalid(() => signer.verify(signRaw({ ...valid, channel: 'constructor' }), { channels: { default: {} } }, NOW))
  })
})

describe('key rotation', () => {
  const rotated = createEnvelopeSigner({ appKey: OTHER_KEY, previousKeys: [KEY] })

  it('accepts a token of a previous key only while that key is listed', () => {
    expect(rotated.verify(token, {}, NOW).uid).toBe('42')
    expectInvalid(() => createEnvelopeSigner({ appKey: OTHER_KEY }).verify(token, {}, NOW))
  })

  it('signs new tokens with the current key', () => {
    const fresh = rotated.mint(claims, NOW)
    expect(createEnvelopeSigner({ appKey: OTHER_KEY }).verify(fresh, {}, NOW).uid).toBe('42')
    expectInvalid(() => signer.verify(fresh, {}, NOW))
  })

  it('validates every key at creation, naming which one is weak', () => {
    expect(() => createEnvelopeSigner({ appKey: 'short' })).toThrow(expect.objectContaining({ key: 'appKey' }))
    expect(() => createEnvelopeSigner({ appKey: KEY, previousKeys: ['a'.repeat(40)] })).toThrow(ChatbotConfigException)
    expect(() => createEnvelopeSigner({ appKey: KEY, previousKeys: ['a'.repeat(40)] })).toThrow(expect.objectContaining({ key: 'appKeyPrevious' }))
  })
})
