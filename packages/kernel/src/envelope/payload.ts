import { ChatbotInvalidEnvelopeException } from '../errors/index.js'

/** An envelope lives 900 s from minting (the spec's `envelope_ttl`, fixed and internal). */
export const ENVELOPE_TTL_SECONDS = 900

/** Limits the envelope grants one client extractor. */
export interface EnvelopeExtractorLimits {
  timeoutMs: number
  sizeCapBytes: number
}

/** The signed payload. Public: the widget can read it, so it never holds a secret. */
export interface EnvelopePayload {
  v: 1
  /** The host's user id; exactly one of `uid` and `gid` is set. */
  uid?: string
  /** The guest id, equal to the `chatbot_guest_id` cookie. */
  gid?: string
  route: string
  channel: string
  /** Issued at, in seconds since the epoch. */
  iat: number
  /** Expires at (`iat + 900`), in seconds since the epoch. */
  exp: number
  greeting?: string
  /** Allowlist of client extractors by name. */
  extractors?: Record<string, EnvelopeExtractorLimits>
}

const invalid = (problem: string, cause?: unknown) => new ChatbotInvalidEnvelopeException(`The signed context ${problem}.`, cause)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

const isLimit = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0

function isExtractors(value: unknown): value is Record<string, EnvelopeExtractorLimits> {
  return isRecord(value) && Object.values(value).every((limits) => isRecord(limits) && isLimit(limits.timeoutMs) && isLimit(limits.sizeCapBytes))
}

/**
 * Decodes and checks the shape of a payload whose signature is already verified. The shape is
 * still checked: a token signed by another release or a misused key must not pass half-formed.
 */
export function readPayload(part: string): EnvelopePayload {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch (cause) {
    throw invalid('is not valid JSON', cause)
  }
  if (!isRecord(value) || value.v !== 1) throw invalid('has an unsupported version')
  const { uid, gid, route, channel, iat, exp, greeting, extractors } = value
  if ((uid === undefined) === (gid === undefined)) throw invalid('must carry exactly one identity')
  if (!isText(uid ?? gid)) throw invalid('has an empty or malformed identity')
  if (!isText(route) || !isText(channel)) throw invalid('has no route or channel')
  if (!Number.isSafeInteger(iat) || !Number.isSafeInteger(exp)) throw invalid('has malformed timestamps')
  if (greeting !== undefined && typeof greeting !== 'string') throw invalid('has a malformed greeting')
  if (extractors !== undefined && !isExtractors(extractors)) throw invalid('has a malformed extractor allowlist')
  return {
    v: 1,
    ...(uid === undefined ? { gid: gid as string } : { uid: uid as string }),
    route,
    channel,
    iat: iat as number,
    exp: exp as number,
    ...(greeting === undefined ? {} : { greeting }),
    ...(extractors === undefined ? {} : { extractors }),
  }
}
