import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createEnvelopeSigner } from '@chatbot-kit/kernel'
import { sseEvents, type SseData } from '@chatbot-kit/test-utils'
import { cleanEnv, start, tempProject } from './cli.js'

// Durable-reply tests drive real `chatbot serve` processes: these are their clients.

const URL_LINE = /serving (http:\/\/[\d.]+:\d+)\/chatbot/

export interface ServeSettings {
  appKey: string
  providerUrl: string
  /** `CHATBOT_DATABASE_URL`: a SQLite file or a Postgres URL. */
  database: string
  /** `CHATBOT_STORAGE_URL`; default `memory:`. */
  storage?: string
}

export interface Instance {
  /** `http://127.0.0.1:PORT/chatbot`. */
  base: string
  child: ChildProcess
}

/**
 * `chatbot serve` on a free port, with no route middleware (no CSRF cookie to carry) and a
 * throttle the tests' polling of history cannot reach (its counters live in the shared Redis).
 */
export async function serveInstance(settings: ServeSettings): Promise<Instance> {
  const env = cleanEnv({
    CHATBOT_APP_KEY: settings.appKey,
    CHATBOT_BASE_URL: settings.providerUrl,
    CHATBOT_API_KEY: 'k',
    CHATBOT_ROUTE_MIDDLEWARE: '',
    CHATBOT_THROTTLE_PER_MINUTE: '100000',
    CHATBOT_THROTTLE_PER_DAY: '1000000',
    CHATBOT_DATABASE_URL: settings.database,
    ...(settings.storage ? { CHATBOT_STORAGE_URL: settings.storage } : {}),
  })
  const server = await start(['serve', '--port', '0'], tempProject(), env, URL_LINE)
  return { base: `${server.match[1]}/chatbot`, child: server.child }
}

/** SIGKILL: the process dies mid-reply with no chance to store or end anything. */
export function kill9(instance: Instance): Promise<void> {
  return new Promise((resolve) => {
    instance.child.removeAllListeners('close')
    instance.child.once('exit', () => resolve())
    instance.child.kill('SIGKILL')
  })
}

export interface Frame {
  /** The SSE id, `<message id>:<seq>`. */
  id: string | undefined
  data: { type: string } & SseData
  /** The `data` exactly as sent. */
  raw: string
}

/** A reply stream read in the background. */
export interface FrameReader {
  frames: Frame[]
  /** Resolves once `count` events arrived; rejects when the stream ends first. */
  reach(count: number): Promise<void>
  /** The events, once the stream ended; rejects when it broke (or was aborted). */
  ended: Promise<Frame[]>
}

export function readFrames(response: Response): FrameReader {
  const frames: Frame[] = []
  const waiting = new Set<() => void>()
  let over = false
  const ended = (async () => {
    try {
      for await (const item of sseEvents<Frame['data']>(response)) {
        if (item.kind !== 'data') continue
        frames.push({ id: item.id, data: item.data, raw: item.raw })
        waiting.forEach((check) => check())
      }
      return frames
    } finally {
      over = true
      waiting.forEach((check) => check())
    }
  })()
  // A test that aborts a stream does not await it.
  ended.catch(() => {})
  const reach = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (frames.length >= count) resolve()
        else if (over) reject(new Error(`The stream ended after ${frames.length} events, before ${count}: ${JSON.stringify(frames.map((frame) => frame.data))}`))
        else return
        waiting.delete(check)
      }
      waiting.add(check)
      check()
    })
  return { frames, reach, ended }
}

/** The text the events carry. */
export const textOf = (frames: Frame[]) => frames.filter((frame) => frame.data.type === 'token').map((frame) => frame.data.content).join('')

export interface HistoryEntry {
  id: string | null
  role: 'user' | 'assistant'
  content: string
  status: 'complete' | 'incomplete' | 'streaming'
}

/**
 * One user's requests to whichever instance a call names, with an envelope minted from the app
 * key. A new user each time: quotas are counted in the Redis every run shares.
 */
export function chatClient(appKey: string, userId = `user-${randomUUID()}`) {
  const token = createEnvelopeSigner({ appKey }).mint({ route: 'test.page', channel: 'default', userId })
  const query = `signed_context=${encodeURIComponent(token)}`
  return {
    /** POSTs a message; the reply's stream, read in the background. */
    async send(instance: Instance, message: string, signal?: AbortSignal) {
      const response = await fetch(`${instance.base}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signed_context: token, message }),
        ...(signal ? { signal } : {}),
      })
      return { conversationId: response.headers.get('x-chatbot-conversation-id')!, reader: readFrames(response) }
    },
    async history(instance: Instance, conversationId: string): Promise<HistoryEntry[]> {
      const response = await fetch(`${instance.base}/conversations/${conversationId}/messages?${query}`)
      if (!response.ok) throw new Error(`History answered ${response.status}: ${await response.text()}`)
      return ((await response.json()) as { messages: HistoryEntry[] }).messages
    },
    /** GET …/stream, from `lastEventId` when given. */
    resume(instance: Instance, conversationId: string, lastEventId?: string, signal?: AbortSignal): Promise<Response> {
      return fetch(`${instance.base}/conversations/${conversationId}/stream?${query}`, {
        headers: lastEventId ? { 'last-event-id': lastEventId } : {},
        ...(signal ? { signal } : {}),
      })
    },
    stop(instance: Instance, conversationId: string): Promise<Response> {
      return fetch(`${instance.base}/conversations/${conversationId}/stop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signed_context: token }),
      })
    },
  }
}

/** `promise`, or a failure naming `what` once `seconds` passed: a bound on a wait, so a hang fails clearly. */
export function within<T>(promise: Promise<T>, seconds: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${seconds} s`)), seconds * 1000)))
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer))
}
