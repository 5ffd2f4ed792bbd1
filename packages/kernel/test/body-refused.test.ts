import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCARD_LIMIT_BYTES } from '@chatbot-kit/http'
import { createHarness, type Harness } from './harness.js'

// A body refused before it was read (too large, not JSON) is answered while the client, or a
// proxy such as HAProxy forwarding it, is still sending. Closing the connection then resets it,
// and the client sees the reset instead of the answer; the rest is read and dropped instead.

const HEAD_END = '\r\n\r\n'

/**
 * Sends a request's head, then `size` bytes of body in 64 KiB pieces (as chunks of the chunked
 * coding with `chunked`), reading nothing until all is sent.
 */
function sendSlowly(url: string, headers: Record<string, string>, size: number, chunked = false): Promise<{ written: number; error?: string; answer: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    let answer = ''
    let written = 0
    let error: string | undefined
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message))
    socket.on('close', () => resolve({ written, error, answer }))
    const piece = Buffer.alloc(64 * 1024, 0x20)
    const frame = (bytes: Buffer) => (chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes)
    socket.once('connect', async () => {
      socket.write(`POST /chatbot/messages HTTP/1.1\r\nhost: ${hostname}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`)
      while (written < size && !error && !socket.destroyed) {
        await new Promise((done) => setTimeout(done, 5))
        const bytes = piece.subarray(0, Math.min(piece.length, size - written))
        const ok = socket.write(frame(bytes))
        written += bytes.length
        if (!ok) await new Promise((done) => socket.once('drain', done).once('close', done))
      }
      if (chunked && !error && !socket.destroyed) socket.write('0\r\n\r\n')
      // Everything sent: now read the answer; the server closes the connection after it.
      setTimeout(() => socket.end(), 200)
    })
  })
}

describe('a body refused before it was read, over a real socket', () => {
  let h: Harness
  let url: string
  beforeAll(async () => {
    h = await createHarness('socket')
    url = new URL((await h.request('/chatbot/health')).url).origin
  })
  afterAll(() => h.close())

  it.each([
    ['413, declared too large', { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) }, 2 * 1024 * 1024, '413'],
    ['413, chunked past the limit', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, 2 * 1024 * 1024, '413'],
    ['415, not JSON', { 'content-type': 'text/plain', 'content-length': String(1024 * 1024) }, 1024 * 1024, '415'],
  ])('%s: the whole body is taken and the answer arrives', async (_, headers, size, status) => {
    const sent = await sendSlowly(url, headers, size, 'transfer-encoding' in headers)
    expect(sent.error).toBeUndefined()
    expect(sent.written).toBe(size)
    expect(sent.answer.slice(0, 12)).toBe(`HTTP/1.1 ${status}`)
    expect(sent.answer.slice(sent.answer.indexOf(HEAD_END) + 4)).toContain('"error"')
  })

  it('closes a connection whose refused body goes on past the bound', async () => {
    const size = 2 * DISCARD_LIMIT_BYTES
    const sent = await sendSlowly(url, { 'content-type': 'application/json', 'content-length': String(size) }, size)
    expect(sent.answer.slice(0, 12)).toBe('HTTP/1.1 413')
    expect(sent.written).toBeLessThan(size)
  })
})
