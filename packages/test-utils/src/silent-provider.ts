import { listenNode, type Listener } from './listen.js'

/** A provider on loopback that takes each request and goes silent: before its headers, or after them. */
export interface SilentProvider {
  /** The base URL, ending in `/v1`. */
  url: string
  /** `host:port`, as the client's logs name it. */
  host: string
  /** Requests received so far. */
  requests(): number
  close(): Promise<void>
}

/**
 * `silence: 'all'` accepts the connection and never answers; `'body'` sends a 200 event-stream
 * head and nothing more. Requests from number `answerFrom` on (1-based) get `answer` instead, a
 * whole event stream.
 */
export async function createSilentProvider(silence: 'all' | 'body', answer?: { from: number; body: string }): Promise<SilentProvider> {
  let received = 0
  const listener: Listener = await listenNode((req, res) => {
    received += 1
    req.resume()
    if (answer && received >= answer.from) return void res.writeHead(200, { 'content-type': 'text/event-stream' }).end(answer.body)
    if (silence === 'body') {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.flushHeaders()
    }
  })
  return { url: `${listener.url}/v1`, host: new URL(listener.url).host, requests: () => received, close: () => listener.close() }
}
