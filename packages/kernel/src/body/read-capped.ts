import type { Readable } from 'node:stream'

/**
 * Reads a Node HTTP body (a request, or a provider's response) to its end, at most `limit`
 * bytes of it. Resolves `undefined` as soon as it grows past the limit and stops listening:
 * the caller decides what becomes of the rest. Rejects when the stream fails or closes early,
 * or with `signal.reason` once `signal` aborts (a deadline), also without listening further.
 */
export function readCapped(stream: Readable, limit: number, signal?: AbortSignal): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    // A client that reset the connection before the reading began: no 'close' is coming.
    if (stream.destroyed) return reject(new Error('The body closed before its end.'))
    const chunks: Buffer[] = []
    let size = 0
    const settle = (outcome: () => void) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
      signal?.removeEventListener('abort', onAbort)
      outcome()
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
      else settle(() => resolve(undefined))
    }
    const onEnd = () => settle(() => resolve(Buffer.concat(chunks)))
    const onError = (error: Error) => settle(() => reject(error))
    const onClose = () => settle(() => reject(new Error('The body closed before its end.')))
    const onAbort = () => settle(() => reject(signal!.reason))
    stream.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
