import type { Readable } from 'node:stream'

/**
 * Reads a Node HTTP body (a request, or a provider's response) to its end, at most `limit`
 * bytes of it. Resolves `undefined` as soon as it grows past the limit and stops listening:
 * the caller decides what becomes of the rest. Rejects when the stream fails or closes early.
 */
export function readCapped(stream: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const settle = (outcome: () => void) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
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
    stream.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose)
  })
}
