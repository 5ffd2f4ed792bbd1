import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto'
import { ChatbotInvalidEnvelopeException } from '../errors/index.js'
import { parseAppKey } from './app-key.js'
import { ENVELOPE_TTL_SECONDS, readPayload, type EnvelopeExtractorLimits, type EnvelopePayload } from './payload.js'

/** How far a token's `iat` may lie ahead of this server's clock (servers behind a load balancer drift). */
const CLOCK_SKEW_SECONDS = 60

/** What the host vouches for at page render; exactly one of `userId` and `guestId`. */
export interface EnvelopeClaims {
  userId?: string
  guestId?: string
  route: string
  channel: string
  greeting?: string
  extractors?: Record<string, EnvelopeExtractorLimits>
}

/** A request's own route and channel, which the envelope must be bound to. */
export interface EnvelopeExpectation {
  route?: string
  channel?: string
  /** The channels the config declares: an envelope for any other is refused, even if signed. */
  channels?: Readonly<Record<string, unknown>>
}

export interface EnvelopeSignerOptions {
  /** `appKey` (`CHATBOT_APP_KEY`): signs new tokens and verifies them. */
  appKey: string
  /** `appKeyPrevious` (`CHATBOT_APP_KEY_PREVIOUS`): old keys still accepted while a rotation settles. */
  previousKeys?: string[]
}

export interface EnvelopeSigner {
  /** Signs `claims` into a token valid for 900 s from `now`. */
  mint(claims: EnvelopeClaims, now?: Date): string
  /** Returns the payload, or throws `ChatbotInvalidEnvelopeException` (403). */
  verify(token: unknown, expect?: EnvelopeExpectation, now?: Date): EnvelopePayload
}

const invalid = (problem: string) => new ChatbotInvalidEnvelopeException(`The signed context ${problem}.`)

function toSeconds(now: Date): number {
  const ms = now.getTime()
  if (!Number.isFinite(ms)) throw new TypeError('Envelope time must be a valid Date.')
  return Math.floor(ms / 1000)
}

function assertClaims(claims: EnvelopeClaims): void {
  if ((claims.userId === undefined) === (claims.guestId === undefined)) {
    throw new TypeError('An envelope needs exactly one of userId and guestId.')
  }
  const identity = claims.userId ?? claims.guestId
  if (typeof identity !== 'string' || identity === '') throw new TypeError('An envelope identity must be a non-empty string.')
  if (!claims.route || !claims.channel) throw new TypeError('An envelope needs a route and a channel.')
}

/**
 * Mints and verifies the signed envelope: `base64url(JSON payload) "." base64url(HMAC-SHA256)`.
 * Keys are validated and imported once here, since `verify` runs on every request.
 */
export function createEnvelopeSigner(options: EnvelopeSignerOptions): EnvelopeSigner {
  const current = createSecretKey(parseAppKey(options.appKey, 'appKey'))
  const keys: KeyObject[] = [current, ...(options.previousKeys ?? []).map((key) => createSecretKey(parseAppKey(key, 'appKeyPrevious')))]

  const sign = (part: string, key: KeyObject) => createHmac('sha256', key).update(part).digest('base64url')

  // Compares the canonical base64url text, not decoded bytes: base64 decoding is lenient, and
  // several spellings of one signature would otherwise all verify.
  const signedBy = (part: string, signature: Buffer, key: KeyObject) => {
    const expected = Buffer.from(sign(part, key))
    return expected.length === signature.length && timingSafeEqual(expected, signature)
  }

  return {
    mint(claims, now = new Date()) {
      assertClaims(claims)
      const iat = toSeconds(now)
      const payload: EnvelopePayload = {
        v: 1,
        ...(claims.userId === undefined ? { gid: claims.guestId as string } : { uid: claims.userId }),
        route: claims.route,
        channel: claims.channel,
        iat,
        exp: iat + ENVELOPE_TTL_SECONDS,
        ...(claims.greeting === undefined ? {} : { greeting: claims.greeting }),
        ...(claims.extractors === undefined ? {} : { extractors: claims.extractors }),
      }
      const part = Buffer.from(JSON.stringify(payload)).toString('base64url')
      return `${part}.${sign(part, current)}`
    },

    verify(token, expect = {}, now = new Date()) {
      if (typeof token !== 'string' || token === '') throw invalid('is missing')
      const [part, signature, extra] = token.split('.')
      if (!part || !signature || extra !== undefined) throw invalid('is malformed')
      const given = Buffer.from(signature)
      if (!keys.some((key) => signedBy(part, given, key))) throw invalid('has an invalid signature')
      const payload = readPayload(part)
      const seconds = toSeconds(now)
      if (payload.exp <= seconds) throw invalid('has expired')
      // Minted tokens live exactly the TTL; a longer one was signed by something else (contract §6).
      if (payload.exp - payload.iat > ENVELOPE_TTL_SECONDS) throw invalid(`outlives the ${ENVELOPE_TTL_SECONDS} s limit`)
      if (payload.iat > seconds + CLOCK_SKEW_SECONDS) throw invalid('was issued in the future')
      if (expect.route !== undefined && payload.route !== expect.route) throw invalid('is bound to another route')
      if (expect.channel !== undefined && payload.channel !== expect.channel) throw invalid('is bound to another channel')
      if (expect.channels !== undefined && !Object.hasOwn(expect.channels, payload.channel)) throw invalid('is for a channel that is not configured')
      return payload
    },
  }
}
