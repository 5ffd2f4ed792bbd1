import { describe, expect, it } from 'vitest'
import { readEnvelope } from '../../src/envelope/payload.js'
import { envelopeOf } from '../helpers/envelope.js'

describe('readEnvelope', () => {
  it('reads the channel, a non-ASCII greeting and the extractor allowlist', () => {
    const token = envelopeOf({
      gid: 'g-1',
      route: 'shop.show',
      channel: 'support',
      iat: 1,
      exp: 901,
      greeting: 'Grüß dich! 👋 Wie kann ich helfen?',
      extractors: { 'page-snapshot': { timeoutMs: 100, sizeCapBytes: 2048 } },
    })
    expect(readEnvelope(token)).toEqual({
      channel: 'support',
      greeting: 'Grüß dich! 👋 Wie kann ich helfen?',
      extractors: { 'page-snapshot': { timeoutMs: 100, sizeCapBytes: 2048 } },
    })
  })

  it('fills limits an entry leaves out, or gets wrong, with the spec defaults', () => {
    const token = envelopeOf({ extractors: { cart: {}, page: null, odd: { timeoutMs: -1, sizeCapBytes: '9' } } })
    const defaults = { timeoutMs: 250, sizeCapBytes: 8192 }
    expect(readEnvelope(token).extractors).toEqual({ cart: defaults, page: defaults, odd: defaults })
  })

  it('reads nothing from a missing, malformed or foreign token', () => {
    for (const token of [undefined, null, '', 'not-base64!.sig', envelopeOf(['a']), `${Buffer.from('{"channel":').toString('base64url')}.s`]) {
      expect(readEnvelope(token)).toEqual({ extractors: {} })
    }
    expect(readEnvelope(envelopeOf({ extractors: ['page-snapshot'] })).extractors).toEqual({})
  })
})
