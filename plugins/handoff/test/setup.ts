import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createAdminCaller, type AdminCaller } from '@chatbot-kit/admin'
import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type ChatbotConfig, type HistoryMessage } from '@chatbot-kit/kernel'
import { repliesPlugin } from '@chatbot-kit/plugin-replies'
import { toolsPlugin } from '@chatbot-kit/plugin-tools'
import { readSse, silentLogger, type DatabaseTarget, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll } from 'vitest'
import { handoffPlugin } from '../src/index.js'

export type StreamEvent = { type: string } & Record<string, unknown>

/** One chatbot with the replies, tools and handoff plugins, on a real socket. */
export interface Instance {
  chatbot: Chatbot
  url: string
  admin: AdminCaller
  envelope(channel?: string): string
  /** `POST /chatbot/messages`, read to its end. */
  send(token: string, message: string, conversationId?: string): Promise<{ events: StreamEvent[]; conversationId: string }>
  /** `POST /chatbot/conversations/:id/handoff`. */
  requestHandoff(conversationId: string, token: string): Promise<Response>
  history(conversationId: string, token: string): Promise<HistoryMessage[]>
  /** `GET /chatbot/conversations/:id/stream`, left open: its events arrive in `events` as they come. */
  follow(conversationId: string, token: string, lastEventId?: string): Promise<Follower>
}

export interface Follower {
  status: number
  /** Every data event so far, with its SSE id. */
  events: { id: string; data: StreamEvent }[]
  /** Resolves once the stream ended. */
  ended: Promise<void>
  close(): void
}

export const HANDOFF_CHANNELS: ChatbotConfig['channels'] = {
  default: { handoff: { enabled: true } },
  quick: { handoff: { enabled: true, waitTimeout: 1, message: 'Nobody came.' } },
  plain: {},
}

/** Instances sharing one fresh database, one counter store and one demo provider (its `requests` count the provider calls). */
export async function createCluster(target: DatabaseTarget, storage = 'memory:') {
  const database: CreatedDatabase = await target.create()
  const provider: DemoProvider = await createDemoProvider()
  const appKey = generateAppKey()
  const running: Array<() => Promise<void>> = []

  const start = async (config: ChatbotConfig = {}): Promise<Instance> => {
    const chatbot = await createChatbot(
      { appKey, database: database.database, storage, baseUrl: provider.url, apiKey: 'test-key', routeMiddleware: [], shutdownGrace: 0, channels: HANDOFF_CHANNELS, plugins: [repliesPlugin(), toolsPlugin(), handoffPlugin({ webhookRetryDelaysMs: [50, 100] })], ...config },
      { env: {}, logger: silentLogger() },
    )
    const server = await serveChatbot(chatbot, { port: 0 })
    const followers = new Set<AbortController>()
    running.push(async () => {
      followers.forEach((follower) => follower.abort())
      await server.close()
      await chatbot.close()
    })
    const base = `${server.url}/chatbot/conversations`
    return {
      chatbot,
      url: server.url,
      admin: createAdminCaller(chatbot),
      envelope: (channel = 'default') => chatbot.mintEnvelope({ route: 'test.page', channel, userId: 'user-1' }),
      async send(token, message, conversationId) {
        const response = await fetch(`${server.url}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token, message, ...(conversationId && { conversation_id: conversationId }) }) })
        if (response.status !== 200) throw new Error(`messages: ${response.status} ${await response.text()}`)
        return { events: await readSse<StreamEvent>(response), conversationId: response.headers.get('x-chatbot-conversation-id')! }
      },
      requestHandoff: (conversationId, token) => fetch(`${base}/${conversationId}/handoff`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token }) }),
      async history(conversationId, token) {
        const response = await fetch(`${base}/${conversationId}/messages?signed_context=${encodeURIComponent(token)}`)
        if (response.status !== 200) throw new Error(`history: ${response.status} ${await response.text()}`)
        return ((await response.json()) as { messages: HistoryMessage[] }).messages
      },
      async follow(conversationId, token, lastEventId) {
        const controller = new AbortController()
        followers.add(controller)
        const response = await fetch(`${base}/${conversationId}/stream?signed_context=${encodeURIComponent(token)}`, { signal: controller.signal, headers: lastEventId ? { 'last-event-id': lastEventId } : {} })
        const events: Follower['events'] = []
        const ended = (async () => {
          if (response.status !== 200) return
          const decoder = new TextDecoder()
          let text = ''
          try {
            for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
              text += decoder.decode(bytes, { stream: true })
              for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n')) {
                const frame = text.slice(0, end)
                text = text.slice(end + 2)
                const match = /^id: (.*)\ndata: (.*)$/.exec(frame)
                if (match) events.push({ id: match[1]!, data: JSON.parse(match[2]!) as StreamEvent })
              }
            }
          } catch {
            // Closed by the test.
          }
        })()
        return { status: response.status, events, ended, close: () => controller.abort() }
      },
    }
  }

  return {
    provider,
    start,
    async close() {
      await Promise.all(running.splice(0).map((stop) => stop()))
      await provider.close()
      await database.drop()
    },
  }
}

export type Cluster = Awaited<ReturnType<typeof createCluster>>

/** A cluster for a suite, closed after it; `skip` says why not. */
export function useCluster(target: DatabaseTarget, storage: string | undefined, skip: string | false, use: (cluster: Cluster) => Promise<void>): void {
  let cluster: Cluster | undefined
  beforeAll(async () => {
    if (skip) return
    cluster = await createCluster(target, storage)
    await use(cluster)
  })
  afterAll(() => cluster?.close())
}

/** Waits until `check` passes (events arrive over sockets and Redis). */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
