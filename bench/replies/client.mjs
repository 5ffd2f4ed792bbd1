// The load side's client for durable replies (contract §9.1): a reply posted to
// /chatbot/messages, a resume of it (GET …/stream with Last-Event-ID), a stop (POST …/stop) and
// its history, all over node:http, each event read with its `id:`.
import http from 'node:http'
import { createSseFrameReader } from '../lib.mjs'

const seqOf = (id) => Number(id?.slice(id.lastIndexOf(':') + 1))
const typeOf = (data) => {
  try {
    return JSON.parse(data).type
  } catch {
    return undefined
  }
}

/** `url` is the chatbot's base (`…/chatbot`); envelopes are minted with the bench's app key. */
export async function createRepliesClient(url) {
  const { createEnvelopeSigner } = await import('../../packages/kernel/dist/kernel.js')
  const signer = createEnvelopeSigner({ appKey: process.env.CHATBOT_APP_KEY })
  const envelopes = new Map()
  const envelope = (user) => {
    if (!envelopes.has(user)) envelopes.set(user, signer.mint({ userId: user, route: 'bench', channel: 'default' }))
    return envelopes.get(user)
  }
  // A reply's streams use fresh connections: a reconnect after a drop opens one, as a browser does.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })

  /**
   * Reads one event stream. `onFrame(frame, stream)` per event (`frame`: { id, seq, type, data, at }).
   * Resolves `{ status, frames, ended, error, conversationId }` when the stream ends or is destroyed.
   */
  function open(method, path, { body, headers = {}, onFrame } = {}) {
    const stream = { sentAt: 0, frames: [], ended: false, error: null, status: 0, conversationId: null, destroy: () => {} }
    stream.promise = new Promise((resolve) => {
      let settled = false
      const finish = (error) => {
        if (settled) return
        settled = true
        if (error && !stream.ended) stream.error = error
        resolve(stream)
      }
      const req = http.request(`${url}${path}`, { method, agent, headers: { accept: 'text/event-stream', ...headers, ...(body && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) } }, (res) => {
        stream.status = res.statusCode
        stream.conversationId = res.headers['x-chatbot-conversation-id'] ?? null
        res.setEncoding('utf8')
        if (res.statusCode !== 200) {
          let text = ''
          res.on('data', (chunk) => (text += chunk))
          res.on('end', () => finish(res.statusCode === 204 ? null : `HTTP ${res.statusCode} ${text.slice(0, 200)}`))
          return
        }
        const read = createSseFrameReader(({ id, data }) => {
          const frame = { id, seq: seqOf(id), type: typeOf(data), data, at: performance.now() }
          stream.frames.push(frame)
          if (frame.type === 'done' || frame.type === 'error') stream.ended = true
          onFrame?.(frame, stream)
        })
        res.on('data', read)
        res.on('end', () => finish(stream.ended ? null : 'stream ended without done'))
        res.on('error', () => finish('aborted'))
        res.on('close', () => finish('aborted'))
      })
      req.on('error', (error) => finish(String(error.message ?? error)))
      stream.destroy = () => req.destroy()
      stream.sentAt = performance.now()
      req.end(body)
    })
    return stream
  }

  async function json(method, path, body) {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    return new Promise((resolve) => {
      const req = http.request(`${url}${path}`, { method, agent, headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {} }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => {
          let parsed = null
          try {
            parsed = JSON.parse(text)
          } catch {
            // not JSON: kept as text below
          }
          resolve({ status: res.statusCode, body: parsed ?? text })
        })
      })
      req.on('error', (error) => resolve({ status: 0, body: String(error.message ?? error) }))
      req.end(payload)
    })
  }

  const conversationPath = (id, user, rest) => `/conversations/${encodeURIComponent(id)}/${rest}?signed_context=${encodeURIComponent(envelope(user))}`
  return {
    post: (user, message, onFrame) => open('POST', '/messages', { body: JSON.stringify({ signed_context: envelope(user), message }), onFrame }),
    resume: (conversationId, user, lastEventId, onFrame) => open('GET', conversationPath(conversationId, user, 'stream'), { headers: lastEventId ? { 'last-event-id': lastEventId } : {}, onFrame }),
    stop: (conversationId, user) => json('POST', `/conversations/${encodeURIComponent(conversationId)}/stop`, { signed_context: envelope(user) }),
    history: (conversationId, user) => json('GET', conversationPath(conversationId, user, 'messages')),
  }
}

/** Opens `n` replies and resolves once each has `k` events (or ended); `make(i)` posts reply i. */
export function openReplies(n, k, make) {
  return new Promise((resolve) => {
    const streams = []
    let ready = 0
    const count = (stream) => {
      if (stream.counted) return
      stream.counted = true
      if (++ready === n) resolve(streams)
    }
    for (let i = 0; i < n; i++) {
      const stream = make(i, (_frame, s) => s.frames.length >= k && count(s))
      stream.promise.then(() => count(stream))
      streams.push(stream)
    }
  })
}
