import { request as httpRequest, type IncomingMessage } from 'node:http'
import { PNG } from './setup.js'

/** How long the first part of a withheld upload waits for an answer before the file follows. */
const WAIT_MS = 5_000

export interface WithheldUpload {
  /** The answer came while the file was still withheld. */
  answered: boolean
  /** Body bytes the client had sent when the answer came (or when it gave up waiting). */
  bytesBeforeAnswer: number
  status: number
  code: string | null
}

/**
 * POSTs to `url` an upload of a `fileBytes` PNG in two parts: `signed_context` and the file's
 * first KiB, then (only after the answer, or after `WAIT_MS` without one) the rest. The answer's
 * JSON error code is read whole: a hung socket or a reset before it fails the caller's test.
 */
export async function sendWithheldFile(url: string, token: string, fileBytes: number, headers: Record<string, string> = {}): Promise<WithheldUpload> {
  const boundary = 'withheld-upload'
  const file = Buffer.concat([PNG, Buffer.alloc(fileBytes - PNG.length, 7)])
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="signed_context"\r\n\r\n${token}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`,
  )
  const first = Buffer.concat([head, file.subarray(0, 1024)])
  const rest = Buffer.concat([file.subarray(1024), Buffer.from(`\r\n--${boundary}--\r\n`)])
  const request = httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(first.length + rest.length), ...headers },
  })
  const response = new Promise<IncomingMessage>((resolve, reject) => request.once('response', resolve).once('error', reject))
  request.write(first)
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), WAIT_MS).unref())
  const answered = await Promise.race([response.then(() => true), timeout])
  // A server that stops reading may reset the connection while the rest is sent: that error is the caller's (via the answer).
  request.on('error', () => {})
  request.end(rest)
  const answer = await response
  const chunks: Buffer[] = []
  for await (const chunk of answer) chunks.push(chunk as Buffer)
  const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code: string } }
  return { answered, bytesBeforeAnswer: answered ? first.length : first.length + rest.length, status: answer.statusCode!, code: json.error?.code ?? null }
}
