import { connect } from 'node:net'
import { listenNode } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createHarness, type Harness } from './harness.js'

// The body deadline is 10 s and Node's header timeout 10 s, checked every 2 s: well inside this.
const BOUND_MS = 20_000
const POST_HEAD = 'POST /chatbot/messages HTTP/1.1\r\nHost: chatbot.test\r\ncontent-type: application/json\r\n'

/** The harness's origin, as the server reports it in a response's URL. */
const originOf = async (h: Harness) => new URL((await h.request('/chatbot/health')).url).origin

interface Outcome {
  response: string
  closed: boolean
}

/**
 * A raw connection that writes `head`, then `drip` every 250 ms until the server answers;
 * resolves with what came back once the server closes the socket, or `closed: false` at the bound.
 */
function trickle(url: string, head: string, drip: string): Promise<Outcome> {
  const { port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1')
    let response = ''
    const ticker = setInterval(() => socket.write(drip), 250)
    const finish = (closed: boolean) => {
      clearInterval(ticker)
      clearTimeout(bound)
      socket.destroy()
      resolve({ response, closed })
    }
    const bound = setTimeout(() => finish(false), BOUND_MS)
    socket.on('connect', () => socket.write(head))
    socket.on('data', (chunk) => {
      response += chunk.toString('latin1')
      clearInterval(ticker)
    })
    socket.on('error', () => {})
    socket.on('close', () => finish(true))
  })
}

describe('slow requests are cut off (socket)', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness('socket')
  })
  afterAll(() => h.close())

  it('a trickled body gets 408 request_timeout and its socket closed; trickled headers are closed too', { timeout: BOUND_MS + 10_000 }, async () => {
    const origin = await originOf(h)
    const bodies = Array.from({ length: 20 }, () => trickle(origin, `${POST_HEAD}content-length: 4000\r\n\r\n{"message":"`, 'x'))
    const headers = Array.from({ length: 5 }, () => trickle(origin, 'POST /chatbot/messages HTTP/1.1\r\nHost: chatbot.test\r\n', 'x-slow: 1\r\n'))
    for (const outcome of await Promise.all(bodies)) {
      expect(outcome.closed).toBe(true)
      expect(outcome.response).toMatch(/^HTTP\/1\.1 408 /)
      expect(outcome.response.toLowerCase()).toContain('connection: close')
      expect(outcome.response).toContain('"code":"request_timeout"')
    }
    for (const outcome of await Promise.all(headers)) {
      expect(outcome.closed).toBe(true)
      expect(outcome.response).toMatch(/^HTTP\/1\.1 408 /)
    }
    expect((await h.request('/chatbot/health')).status).toBe(200)
  })
})

describe('a stalled body stream (in-process)', () => {
  it('gets 408 request_timeout', { timeout: BOUND_MS + 10_000 }, async () => {
    const h = await createHarness('in-process')
    try {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"message":')),
      })
      const response = await h.request('/chatbot/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit)
      expect(response.status).toBe(408)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('request_timeout')
    } finally {
      await h.close()
    }
  })
})

function recordingLogger() {
  const calls: Record<'error' | 'warn' | 'debug', unknown[][]> = { error: [], warn: [], debug: [] }
  const record = (level: keyof typeof calls) => (...args: unknown[]) => void calls[level].push(args)
  const noop = () => {}
  return { calls, logger: { error: record('error'), warn: record('warn'), debug: record('debug'), info: noop, success: noop, log: noop } as never }
}

/** Sends a body's first bytes once the server took the request (its `100 Continue`), then resets the connection. */
function abandonUpload(url: string): Promise<void> {
  const { port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${POST_HEAD}content-length: 1000\r\nexpect: 100-continue\r\n\r\n`))
    socket.once('data', () => {
      socket.write('{"message":"half')
      socket.resetAndDestroy()
      resolve()
    })
    socket.on('error', () => {})
  })
}

describe('an upload the client abandons is not an error', () => {
  it.each(['serveChatbot', 'nodeHandler'] as const)('logs it at debug only, no stack (%s)', async (host) => {
    const { calls, logger } = recordingLogger()
    const h = await createHarness(host === 'serveChatbot' ? 'socket' : 'in-process', {}, { logger })
    const server = host === 'nodeHandler' ? await listenNode((req, res) => void h.chatbot.nodeHandler(req, res)) : undefined
    try {
      const origin = server?.url ?? (await originOf(h))
      for (let index = 0; index < 5; index += 1) await abandonUpload(origin)
      await vi.waitFor(() => expect(calls.debug.length + calls.error.length).toBeGreaterThanOrEqual(5), { timeout: 5_000 })
      expect(calls.error).toEqual([])
      expect(calls.warn).toEqual([])
      expect(String(calls.debug[0]![0])).toContain('closed the connection')
    } finally {
      await server?.close()
      await h.close()
    }
  })
})
