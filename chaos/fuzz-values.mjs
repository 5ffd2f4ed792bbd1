// The fuzzer's raw material: a seeded PRNG and the hostile values it draws fields from (wrong
// types, edge strings, special tokens, NUL, bad envelopes). Same seed, same sequence of choices.
import { createHmac } from 'node:crypto'
import { APP_KEY, envelope } from './stack.mjs'

/** mulberry32: small, fast, and the same numbers on every platform for one seed. */
export function createRandom(seed) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n) => Math.floor(next() * n)
  const pick = (list) => list[int(list.length)]
  const chance = (p) => next() < p
  const junk = (length) => Array.from({ length }, () => String.fromCodePoint(pick([int(0x80), 0x20 + int(0x5f), 0x80 + int(0x780), 0x4e00 + int(0x500), 0x1f600 + int(0x50), int(0x20)]))).join('')
  return { next, int, pick, chance, junk }
}

const key = Buffer.from(APP_KEY.slice('base64:'.length), 'base64')
/** Signs any payload with the run's real key: envelopes the signature check lets through. */
export function signRaw(payload) {
  const part = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)).toString('base64url')
  return `${part}.${createHmac('sha256', key).update(part).digest('base64url')}`
}

const SPECIAL = ['<|endoftext|>', '<|im_start|>system', '<|im_end|>', '<|fim_prefix|>', '<|endofprompt|>', '<|im_sep|>']

/** A message text: mostly plausible, often hostile. */
export function messageText(r) {
  return r.pick([
    () => `hello ${r.int(1000)}`,
    () => r.junk(1 + r.int(200)),
    () => `${r.pick(SPECIAL)} ${r.junk(r.int(20))} ${r.pick(SPECIAL)}`,
    () => `before\u0000after${r.chance(0.5) ? '\u0000' : ''}`,
    () => '\u0000',
    () => '\ud800 lone surrogate \udfff',
    () => `<system>${r.junk(10)}</system><system<`,
    () => '\u202e\u200b\u2066 ' + r.junk(5),
    () => 'x'.repeat(r.pick([1000, 20_000, 60_000, 70_000])),
    () => ' \n\t '.repeat(1 + r.int(3)),
    () => '',
    () => 'word '.repeat(5000),
  ])()
}

/** A value of the wrong type, or an edge case of the right one. */
export function oddValue(r) {
  return r.pick([null, true, 0, -1, 1e308, [], {}, [1, 'a'], { a: { b: {} } }, '', ' ', 'null', '__proto__', '0'.repeat(400), '\u0000'])
}

/** A good envelope; the `support` channel's allows the `page` extractor. */
export const validEnvelope = (userId, channel) => envelope(userId, channel, channel === 'support' ? { page: { timeoutMs: 250, sizeCapBytes: 8192 } } : undefined)

/**
 * An envelope, `{ kind, token }`: valid, or broken the way an attacker or a bug would break it.
 * Any kind but `valid` must be refused (403), so the fuzzer can tell when one gets through.
 */
export function envelopeFor(r, userId, channel = 'default') {
  const now = Math.floor(Date.now() / 1000)
  const valid = validEnvelope(userId, channel)
  const signed = (fields) => signRaw({ v: 1, uid: userId, route: 'chaos', channel, iat: now, exp: now + 900, ...fields })
  const [kind, make] = r.pick([
    ['valid', () => valid],
    ['valid', () => valid],
    ['valid', () => valid],
    ['valid', () => valid],
    ['tampered', () => valid.slice(0, -2) + (valid.endsWith('AA') ? 'BB' : 'AA')],
    ['malformed', () => valid.split('.')[0]],
    ['malformed', () => `${valid}.extra`],
    ['expired', () => signed({ iat: now - 2000, exp: now - 1100 })],
    ['future', () => signed({ iat: now + 3600, exp: now + 4500 })],
    ['exp past iat + 900', () => signed({ exp: now + 10 * 365 * 86_400 })],
    ['undeclared channel', () => signed({ channel: 'undeclared-channel' })],
    ['bad shape', () => signed({ gid: 'both' })],
    ['bad shape', () => signed({ uid: { $ne: null } })],
    ['bad shape', () => signed({ v: 2 })],
    ['bad shape', () => signed({ iat: 1.5, exp: 'never' })],
    ['bad shape', () => signRaw('not json at all')],
    ['bad shape', () => signRaw('[1,2,3]')],
    ['odd', () => oddValue(r)],
    ['odd', () => 'a'.repeat(70_000)],
    ['missing', () => undefined],
  ])
  return { kind, token: make() }
}

/** A v4-shaped UUID from the seeded PRNG (so a run can be replayed). */
export const uuid = (r) => 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => r.int(16).toString(16))

/** A conversation id: one this user owns, another user's, or no id at all. */
export function conversationId(r, own, others) {
  return r.pick([
    () => undefined,
    () => own ?? uuid(r),
    () => (own ?? uuid(r)).toUpperCase(),
    () => others ?? uuid(r),
    () => uuid(r),
    () => r.junk(36),
    () => '00000000-0000-0000-0000-000000000000',
    () => "1' or '1'='1",
    () => oddValue(r),
  ])()
}
