// One fuzzed request over the two stateful routes: a body built from chaos/fuzz-values.mjs, then
// perhaps mangled as bytes (bad UTF-8, truncated, deep, huge), sent with an odd content type or
// junk headers, or written raw on a socket. Returns `{ route, method, path, headers, body }` or
// `{ route, raw }`.
import { conversationId, envelopeFor, messageText, oddValue, uuid, validEnvelope } from './fuzz-values.mjs'

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'APPLICATION/JSON', '', 'application/jsonx', '*/*']

function payload(r, state, wellFormed) {
  const channel = r.chance(0.2) ? 'support' : 'default'
  const user = r.pick(state.users)
  const envelope = wellFormed ? { kind: 'valid', token: validEnvelope(user, channel) } : envelopeFor(r, user, channel)
  const body = { signed_context: envelope.token, message: messageText(r) }
  if (r.chance(0.5)) body.conversation_id = conversationId(r, state.conversations.get(user), state.anyConversation())
  if (r.chance(0.2)) body.client_extractors = r.pick([{ page: messageText(r) }, { other: 'x' }, { page: oddValue(r) }, oddValue(r), { page: 'a'.repeat(9000) }])
  if (wellFormed) return { body, user, envelope: envelope.kind }
  if (r.chance(0.15)) body[r.pick(['message', 'signed_context', 'conversation_id', 'client_extractors'])] = oddValue(r)
  // An own `__proto__` key, as JSON.parse creates one from a body.
  if (r.chance(0.05)) Object.defineProperty(body, '__proto__', { value: { polluted: true }, enumerable: true })
  if (r.chance(0.05)) Object.assign(body, Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])))
  return { body, user, envelope: envelope.kind }
}

function mangle(r, json) {
  return r.pick([
    () => Buffer.from(json),
    () => Buffer.from(json),
    () => Buffer.from(json),
    () => Buffer.from(json.slice(0, r.int(json.length))),
    () => Buffer.concat([Buffer.from(json.slice(0, -2)), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from(json.slice(-2))]),
    () => Buffer.from(`\ufeff${json}`),
    () => Buffer.from('['.repeat(5000 + r.int(50_000)) + ']'.repeat(10)),
    () => Buffer.from(`{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`),
    () => Buffer.from(r.pick(['null', '[]', '"text"', '42', 'true', '{}', '', ' ', '{"message":"x","message":"y"}'])),
    () => Buffer.from(`message=hello&signed_context=${r.junk(10)}`),
    () => Buffer.alloc(70_000 + r.int(200_000), 0x20),
    () => Buffer.from(r.junk(200)),
  ])()
}

function junkHeaders(r) {
  return r.pick([
    () => ({}),
    () => ({}),
    () => ({ 'x-forwarded-for': r.pick(['1.2.3.4, 5.6.7.8', 'unknown', '::1', '999.1.1.1', 'x'.repeat(4000)]) }),
    () => ({ cookie: `chatbot_guest_id=${r.junk(5).replace(/[^\x21-\x7e]/g, 'z')}; ${'c=1; '.repeat(300)}` }),
    () => ({ 'x-csrf-token': 'a'.repeat(1000), origin: 'https://evil.example' }),
    () => ({ accept: r.pick(['*/*', 'application/json', 'text/html', '']) }),
    () => ({ 'x-junk': 'v'.repeat(15_000) }),
    () => Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`x-h${i}`, String(i)])),
  ])()
}

const RAW = [
  'GARBAGE /chatbot/messages HTTP/1.1\r\nHost: x\r\n\r\n',
  'POST /chatbot/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nContent-Length: 20\r\n\r\n{}',
  'POST /chatbot/messages HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  'POST /chatbot/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  'POST /chatbot/messages HTTP/1.1\r\nHost: x\r\nBad Header: \u0001\r\n\r\n',
  'GET /chatbot/conversations/%00/messages?signed_context=%ff HTTP/1.1\r\nHost: x\r\n\r\n',
  'POST /chatbot/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n',
  'GET /chatbot/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n',
  'POST /chatbot/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}GET /chatbot/health HTTP/1.1\r\nHost: x\r\n\r\n',
]

/** The next request of the run; `state` holds the users and the conversations seen so far. */
export function nextRequest(r, state) {
  const roll = r.next()
  if (roll < 0.02) return { route: 'raw', raw: r.pick(RAW) }
  if (roll < 0.27) {
    const user = r.pick(state.users)
    const id = conversationId(r, state.conversations.get(user), state.anyConversation())
    const { kind, token } = envelopeFor(r, user, r.chance(0.1) ? 'support' : 'default')
    const query = token === undefined ? '' : `?signed_context=${encodeURIComponent(typeof token === 'string' ? token : JSON.stringify(token))}${r.chance(0.1) ? '&signed_context=second' : ''}`
    const segment = id === undefined ? '' : typeof id === 'string' ? encodeURIComponent(id) : encodeURIComponent(JSON.stringify(id))
    const method = r.chance(0.05) ? r.pick(['POST', 'DELETE', 'PUT', 'HEAD']) : 'GET'
    return { route: 'history', method, path: `/conversations/${segment || uuid(r)}/messages${query}`, headers: junkHeaders(r), user, envelope: kind }
  }
  // Four in ten are well formed apart from the text, so turns run and store hostile text too.
  const wellFormed = r.chance(0.4)
  const { body, user, envelope } = payload(r, state, wellFormed)
  const json = JSON.stringify(body)
  if (wellFormed) return { route: 'messages', method: 'POST', path: '/messages', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: Buffer.from(json), user, envelope, contentType: 'application/json' }
  const bytes = mangle(r, json)
  const contentType = r.chance(0.85) ? 'application/json' : r.pick(CONTENT_TYPES)
  const headers = { ...(contentType && { 'content-type': contentType }), accept: 'text/event-stream', ...junkHeaders(r) }
  const method = r.chance(0.03) ? r.pick(['PUT', 'PATCH', 'GET', 'DELETE']) : 'POST'
  return { route: 'messages', method, path: '/messages', headers, body: method === 'GET' ? undefined : bytes, user, envelope, contentType }
}
