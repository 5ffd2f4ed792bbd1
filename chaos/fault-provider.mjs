// An OpenAI-compatible chat-completions server on loopback that misbehaves on request. The last
// user message picks the behaviour: `[[fault:NAME]]` for a fault, `[[reply:TOKENS:DELAY_MS]]` for a
// normal reply of TOKENS one-token words paced DELAY_MS apart; anything else gets a short reply.
// Every error body and garbage line carries LEAK_MARKER, so the suite can tell when provider
// internals reach a browser.
import { createServer } from 'node:http'

export const LEAK_MARKER = 'db-7.internal.corp:5432 org-chaosLEAK42'

const WORD = ' ok'
const chunk = (content) => `data: ${JSON.stringify({ id: 'chaos', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`
const finish = `data: ${JSON.stringify({ id: 'chaos', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`
const errorJson = (status) => JSON.stringify({ error: { message: `upstream exploded at ${LEAK_MARKER}`, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } })

/** The faults, by name: each answers one request its own way. */
const FAULTS = {
  'status-400': (res) => res.writeHead(400, { 'content-type': 'application/json' }).end(errorJson(400)),
  'status-401': (res) => res.writeHead(401, { 'content-type': 'application/json' }).end(errorJson(401)),
  'status-429': (res) => res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' }).end(errorJson(429)),
  'status-500': (res) => res.writeHead(500, { 'content-type': 'application/json' }).end(errorJson(500)),
  'status-503': (res) => res.writeHead(503, { 'content-type': 'text/html' }).end(`<h1>503</h1><p>${LEAK_MARKER}</p>`),
  'json-200': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ note: LEAK_MARKER })),
  'html-200': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${LEAK_MARKER}</body></html>`),
  'cut': (res) => stream(res, 5, 5, () => res.destroy()),
  'hang-before': () => {},
  'hang-mid': (res) => stream(res, 3, 5, () => {}),
  'garbage': (res) => stream(res, 3, 5, () => res.write(`data: {not json ${LEAK_MARKER}\n\n`)),
  'huge-line': (res) =>
    stream(res, 3, 5, () => {
      // 8 MB with no newline, sent in 64 KB writes, then the connection stays open.
      const piece = 'x'.repeat(65_536)
      let left = 128
      const next = () => {
        while (left > 0) {
          left--
          if (!res.write(piece)) return void res.once('drain', next)
        }
      }
      res.write('data: {"choices":[{"delta":{"content":"')
      next()
    }),
  'nul': (res) => sendReply(res, ['Nul', ' \u0000here', ' and', ' done']),
  'special-token': (res) => sendReply(res, ['Say', ' <|endoftext|>', ' and', ' <|im_start|>', ' end']),
}

export const FAULT_NAMES = Object.keys(FAULTS)

function openStream(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  res.flushHeaders()
}

/** Streams `tokens` words `delay` ms apart, then calls `then` (the normal end sends `finish`). */
function stream(res, tokens, delay, then = () => res.end(finish)) {
  openStream(res)
  let sent = 0
  const tick = () => {
    if (res.destroyed) return
    if (sent >= tokens) return then()
    res.write(chunk(WORD))
    sent++
    if (delay > 0) setTimeout(tick, delay)
    else setImmediate(tick)
  }
  tick()
}

function sendReply(res, pieces) {
  openStream(res)
  for (const piece of pieces) res.write(chunk(piece))
  res.end(finish)
}

function lastUserText(raw) {
  try {
    const messages = JSON.parse(raw).messages ?? []
    const content = messages.filter((m) => m.role === 'user').at(-1)?.content
    return typeof content === 'string' ? content : JSON.stringify(content ?? '')
  } catch {
    return ''
  }
}

/** Starts the provider; resolves `{ url, calls, close }` (`calls`: requests received so far). */
export async function startFaultProvider() {
  const stats = { calls: 0 }
  const server = createServer({ noDelay: true }, (req, res) => {
    res.on('error', () => {})
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (part) => (raw += part))
    req.on('end', () => {
      stats.calls++
      const text = lastUserText(raw)
      const fault = /\[\[fault:([a-z0-9-]+)\]\]/.exec(text)?.[1]
      if (fault && FAULTS[fault]) return FAULTS[fault](res)
      const reply = /\[\[reply:(\d+):(\d+)\]\]/.exec(text)
      if (reply) return stream(res, Number(reply[1]), Number(reply[2]))
      stream(res, 4, 0)
    })
  })
  server.on('connection', (socket) => socket.on('error', () => {}))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
