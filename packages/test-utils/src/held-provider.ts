import type { IncomingMessage, ServerResponse } from 'node:http'
import { listenNode } from './listen.js'

/** How one reply streams: `tokens` text deltas, a pause of `tokenDelayMs` between them. */
export interface HeldReply {
  tokens: string[]
  /** Default 0. */
  tokenDelayMs?: number
  /** Streams this many tokens, then holds (headers and socket open) until the request's `release()`. */
  holdAfter?: number
}

/** One chat-completions request, as the provider saw it. */
export interface HeldRequest {
  /** The text of the request's last user message. */
  userMessage: string
  /** Text deltas written so far. */
  written(): number
  /** Resolves once `holdAfter` tokens went out and the reply waits for `release()`. */
  held: Promise<void>
  /** Streams the rest of a held reply. */
  release(): void
  /** Settles when the response is over: `completed` after `[DONE]`, `closed` when the client closed it first. */
  ended: Promise<'completed' | 'closed'>
}

export interface HeldProvider {
  /** The base URL for a client (`CHATBOT_BASE_URL`), e.g. `http://127.0.0.1:PORT/v1`. */
  url: string
  /** Every request, in order. */
  requests: HeldRequest[]
  /** The first request whose last user message is `message`, once it arrived. */
  request(message: string): Promise<HeldRequest>
  close(): Promise<void>
}

/**
 * An OpenAI-compatible streaming provider on loopback whose replies a test can hold mid-stream
 * and whose requests it can watch end: how a test sees that a stop reached the instance running
 * a reply (its provider request is closed) wherever the chatbot runs, another process included.
 */
export async function createHeldProvider(reply: (userMessage: string) => HeldReply): Promise<HeldProvider> {
  const requests: HeldRequest[] = []
  const arrivals = new Set<() => void>()
  const listener = await listenNode((req, res) => void serve(req, res).catch(() => res.destroy()))

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = ''
    for await (const part of req as AsyncIterable<Buffer>) raw += part.toString('utf8')
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return void res.writeHead(404).end()
    const body = JSON.parse(raw) as { model?: string; messages: { role: string; content?: unknown }[] }
    const userMessage = lastUserText(body.messages)
    const request = streamHeld(res, reply(userMessage), body.model ?? 'held', requests.length + 1, userMessage)
    requests.push(request)
    arrivals.forEach((arrived) => arrived())
  }

  return {
    url: `${listener.url}/v1`,
    requests,
    request: (message) =>
      new Promise((resolve) => {
        const check = () => {
          const found = requests.find((request) => request.userMessage === message)
          if (found) resolve(found)
          return found
        }
        if (check()) return
        const arrived = () => void (check() && arrivals.delete(arrived))
        arrivals.add(arrived)
      }),
    close: () => listener.close(),
  }
}

function streamHeld(res: ServerResponse, reply: HeldReply, model: string, index: number, userMessage: string): HeldRequest {
  const head = `{"id":"chatcmpl-held-${index}","object":"chat.completion.chunk","created":${Math.floor(Date.now() / 1000)},"model":${JSON.stringify(model)},"choices":[{"index":0,`
  let written = 0
  let finished = false
  let onHeld!: () => void
  let onRelease!: () => void
  const held = new Promise<void>((resolve) => (onHeld = resolve))
  const released = new Promise<void>((resolve) => (onRelease = resolve))
  const ended = new Promise<'completed' | 'closed'>((resolve) => res.once('close', () => resolve(finished ? 'completed' : 'closed')))
  const open = () => !res.destroyed && !res.writableEnded

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  res.flushHeaders()
  void (async () => {
    for (const token of reply.tokens) {
      if (written === reply.holdAfter) {
        onHeld()
        await released
      }
      if (!open()) return
      res.write(`data: ${head}"delta":${JSON.stringify({ content: token })},"finish_reason":null}]}\n\n`)
      written += 1
      if (reply.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, reply.tokenDelayMs))
    }
    if (!open()) return
    finished = true
    res.end(`data: ${head}"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`)
  })()
  return { userMessage, written: () => written, held, release: onRelease, ended }
}

function lastUserText(messages: { role: string; content?: unknown }[]): string {
  const content = messages.findLast((message) => message.role === 'user')?.content
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? '').join('')
  return ''
}
