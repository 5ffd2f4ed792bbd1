// The suite's HTTP client: one request with any method, headers and bytes, its answer read to the
// end (an SSE stream parsed into events), and how it ended: a status, a clean end, a reset or a hang.
import http from 'node:http'
import net from 'node:net'
import { createSseDataReader } from '../bench/lib.mjs'

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

/**
 * Sends one request; never rejects. Resolves `{ status, headers, body, events, text, end, ms }`
 * where `end` is `done` / `error` (SSE), `eof` (a body ended without either), `reset`, `hang`,
 * or `refused`; `status` is 0 when no answer came. `onEvent(event, result)` sees each SSE event.
 */
export function send(url, { method = 'POST', headers = {}, body, timeoutMs = 15_000, onEvent, fresh = false } = {}) {
  const start = performance.now()
  return new Promise((resolve) => {
    const result = { status: 0, headers: {}, body: '', events: [], text: '', end: 'reset', errorCode: undefined, ms: 0 }
    let settled = false
    const finish = (end) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      result.ms = performance.now() - start
      const last = result.events.at(-1)?.type
      result.end = last === 'done' || last === 'error' ? last : end
      resolve(result)
    }
    const req = http.request(url, { method, headers, agent: fresh ? false : agent })
    const timer = setTimeout(() => {
      finish('hang')
      req.destroy()
    }, timeoutMs)
    req.on('error', (error) => finish(result.status === 0 && error.code === 'ECONNREFUSED' ? 'refused' : 'reset'))
    req.on('response', (res) => {
      result.status = res.statusCode
      result.headers = res.headers
      const sse = String(res.headers['content-type'] ?? '').startsWith('text/event-stream')
      const read = createSseDataReader((payload) => {
        let event
        try {
          event = JSON.parse(payload)
        } catch {
          event = { type: 'unparsable', raw: `data:${payload}` }
        }
        result.events.push(event)
        if (event.type === 'token') result.text += event.content
        if (event.type === 'error') result.errorCode = event.code
        onEvent?.(event, result)
      })
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        if (!sse) return void (result.body += chunk)
        read(chunk)
      })
      res.on('end', () => finish('eof'))
      res.on('aborted', () => finish('reset'))
      res.on('error', () => finish('reset'))
    })
    if (body !== undefined) req.end(body)
    else req.end()
  })
}

/** A JSON POST to the messages route: `{ signed_context, message, … }`. */
export function postMessage(baseUrl, payload, options = {}) {
  const body = JSON.stringify(payload)
  return send(`${baseUrl}/messages`, { ...options, headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...options.headers }, body })
}

/** Writes raw bytes on a fresh socket (for request lines Node's client refuses to send); resolves the status (0: none). */
export function sendRaw(port, bytes, timeoutMs = 10_000) {
  const start = performance.now()
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let head = ''
    const finish = (end) => {
      clearTimeout(timer)
      socket.destroy()
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0)
      resolve({ status, end: status ? 'eof' : end, ms: performance.now() - start, events: [], text: '', body: head })
    }
    const timer = setTimeout(() => finish('hang'), timeoutMs)
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1')
      if (head.includes('\r\n\r\n')) finish('eof')
    })
    socket.on('error', () => finish('reset'))
    socket.on('close', () => finish('reset'))
    socket.end(bytes)
  })
}
