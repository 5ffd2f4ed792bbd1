import type { IncomingMessage } from 'node:http'

/**
 * A refused body's rest, read and dropped up to this many bytes within `DISCARD_MS`: closing a
 * connection the client (or a proxy forwarding its body) is still sending on resets it, and the
 * reset reaches the client instead of the answer. Past either bound the connection is closed.
 */
export const DISCARD_LIMIT_BYTES = 8 * 1024 * 1024
const DISCARD_MS = 10_000

/** Reads and drops what is left of a request body the server answered without reading. */
export function discardBody(req: IncomingMessage): void {
  let left = DISCARD_LIMIT_BYTES
  const timer = setTimeout(() => req.destroy(), DISCARD_MS).unref()
  const stop = () => clearTimeout(timer)
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length
    if (left < 0) req.destroy()
  })
  req.once('end', stop).once('close', stop)
  req.resume()
}

/**
 * Reads a web body stream to its end, at most `limit` bytes: `undefined` (and the stream
 * cancelled) past it; rejects with `signal.reason` once `signal` aborts.
 */
export async function readWebBody(body: ReadableStream<Uint8Array> | null, limit: number, signal: AbortSignal): Promise<Buffer | undefined> {
  if (!body) return Buffer.alloc(0)
  const reader = body.getReader()
  const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted])
      if (done) return Buffer.concat(chunks)
      size += value.byteLength
      if (size > limit) {
        await reader.cancel()
        return undefined
      }
      chunks.push(value)
    }
  } catch (error) {
    void reader.cancel().catch(() => {})
    throw error
  }
}
