import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http'
import { readCapped } from './read-capped.js'
import { ERROR_BODY_LIMIT, type CompletionBody, type ProviderResponse, type ProviderTransport } from './transport.js'

/**
 * The default transport: `node:http`/`node:https` with keep-alive agents. Against `fetch`
 * (undici) it saves the WHATWG `Request`/`Response`/stream objects on every reply, which are most
 * of a held stream's memory and a good part of the time to first token, and an abort closes the
 * socket at once.
 */
export function createNodeTransport(url: string): ProviderTransport {
  const { protocol, hostname, port, pathname, search } = new URL(url)
  const target: RequestOptions = { protocol, hostname: hostname.replace(/^\[|\]$/g, ''), port, path: `${pathname}${search}`, method: 'POST' }
  // TLS loads with the client (the kernel makes it for the first turn), never at start-up.
  const client: Promise<Client> =
    protocol === 'https:'
      ? import('node:https').then((https) => ({ request: https.request, agent: new https.Agent({ keepAlive: true }) }))
      : Promise.resolve({ request: httpRequest, agent: new HttpAgent({ keepAlive: true }) })

  /**
   * `sent` is what a retry sends again. The request's listeners live as long as the reply streams,
   * so they reach the body only through it, and it is emptied once the response starts: with a
   * long history the body is many KB, held for minutes by a slow stream (docs/performance.md).
   */
  function send(client: Client, sent: Sent, signal: AbortSignal, retried: boolean): Promise<ProviderResponse> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason)
      // Not `signal` in the options: Node then destroys the request with an AbortError that it may
      // emit where no listener is left (a refusal inside the last read of a body crashed the process).
      const request: ClientRequest = client.request({ ...target, headers: sent.headers, agent: client.agent })
      const abort = () => request.destroy()
      signal.addEventListener('abort', abort, { once: true })
      request.once('close', () => signal.removeEventListener('abort', abort))
      let responded = false
      request.once('response', (response) => {
        responded = true
        sent.body = ''
        resolve(toProviderResponse(response))
      })
      request.on('error', (error: NodeJS.ErrnoException) => {
        // Once the response started, a failure belongs to its body: the reader reports it cut.
        if (responded) return
        // A kept-alive socket the provider closed just as it was reused: nothing reached the
        // provider, so sending once more on a fresh connection is safe (Node's documented pattern).
        if (request.reusedSocket && error.code === 'ECONNRESET' && !retried && !signal.aborted) {
          resolve(send(client, sent, signal, true))
        } else reject(signal.aborted ? signal.reason : error)
      })
      request.end(sent.body)
      // Node keeps the head it sent (`_header`, a chain of one string per line) while the reply
      // streams; converting it to a number flattens it into one string on Node 20 to 24, as
      // @chatbot-kit/http's `flatten` does (this package does not depend on that one).
      const head = (request as unknown as { _header?: string })._header
      if (head !== undefined) Number(head)
    })
  }

  return {
    async post(headers, body, signal) {
      return send(await client, { headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body }, signal, false)
    },
  }
}

interface Sent {
  headers: Record<string, string>
  body: string
}

interface Client {
  request: typeof httpRequest
  agent: HttpAgent
}

function toProviderResponse(response: IncomingMessage): ProviderResponse {
  return {
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? '',
    header: (name) => {
      const value = response.headers[name]
      return Array.isArray(value) ? value.join(', ') : value
    },
    text: () => readText(response),
    body: readableBody(response),
  }
}

function readableBody(response: IncomingMessage): CompletionBody {
  return {
    read(onChunk) {
      return new Promise((resolve, reject) => {
        const settle = (outcome: () => void) => {
          response.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
          outcome()
        }
        const onData = (chunk: Buffer) => {
          let stop: boolean
          try {
            stop = onChunk(chunk)
          } catch (error) {
            return settle(() => reject(error))
          }
          // Stopping early leaves the response flowing, so its rest drains and the socket is reused.
          if (stop) settle(resolve)
        }
        const onEnd = () => settle(resolve)
        const onError = (error: Error) => settle(() => reject(error))
        const onClose = () => settle(() => reject(new Error('The connection closed before the response ended.')))
        response.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose)
      })
    },
    cancel() {
      response.destroy()
    },
  }
}

async function readText(response: IncomingMessage): Promise<string> {
  const bytes = await readCapped(response, ERROR_BODY_LIMIT)
  // A provider that streams an endless error body is cut here.
  if (!bytes) response.destroy()
  return bytes?.toString('utf8') ?? ''
}
