import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type ChatbotConfig, type EnvelopeClaims, type HistoryMessage } from '@chatbot-kit/kernel'
import { createHeldProvider, postJson, silentLogger, type CreatedDatabase, type DatabaseTarget, type HeldProvider, type HeldReply, type HeldRequest } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll } from 'vitest'
import { repliesPlugin } from '../src/index.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL

/** The replay log on each counter store: memory (one instance), Redis (skipped, saying so, without a URL). */
export const STORES = [
  { name: 'memory', storage: 'memory:', skip: false as const },
  { name: 'redis', storage: redisUrl ?? '', skip: redisUrl ? (false as const) : 'skipped: CHATBOT_TEST_REDIS_URL not set' },
]

/** One chatbot with the replies plugin, served on a real socket. */
export interface Instance {
  chatbot: Chatbot
  url: string
  envelope(claims?: Partial<EnvelopeClaims>): string
  /** `POST /chatbot/messages`; `signal` lets the test drop the connection. */
  send(token: string, message: string, options?: { conversationId?: string; signal?: AbortSignal }): Promise<Response>
  history(conversationId: string, token: string): Promise<HistoryMessage[]>
  /** `GET /chatbot/conversations/:id/stream`; `lastEventId` as the header (default) or the query parameter. */
  resume(conversationId: string, token: string | undefined, options?: { lastEventId?: string; via?: 'header' | 'query'; signal?: AbortSignal }): Promise<Response>
  stop(conversationId: string, body: unknown, headers?: Record<string, string>): Promise<Response>
}

/**
 * Instances sharing one fresh database (a SQLite file or a Postgres schema), one counter store
 * and one held provider: a reply started on one can be resumed or stopped on another.
 */
export async function createCluster(target: DatabaseTarget, storage: string) {
  const database: CreatedDatabase = await target.create()
  const scripted = new Map<string, HeldReply>()
  const provider: HeldProvider = await createHeldProvider((message) => scripted.get(message) ?? { tokens: ['OK.'] })
  let sent = 0
  const appKey = generateAppKey()
  const running: { chatbot: Chatbot; close(): Promise<void> }[] = []

  const start = async (config: ChatbotConfig = {}): Promise<Instance> => {
    const chatbot = await createChatbot(
      // shutdownGrace 0: a reply a failed test left held does not hold the next test.
      { appKey, database: database.database, storage, baseUrl: provider.url, apiKey: 'test-key', routeMiddleware: [], shutdownGrace: 0, plugins: [repliesPlugin()], ...config },
      { env: {}, logger: silentLogger() },
    )
    const server = await serveChatbot(chatbot, { port: 0 })
    running.push({ chatbot, close: async () => (await server.close(), await chatbot.close()) })
    const base = `${server.url}/chatbot/conversations`
    return {
      chatbot,
      url: server.url,
      envelope: (claims = {}) => chatbot.mintEnvelope({ route: 'test.page', channel: 'default', ...(claims.guestId ? {} : { userId: 'user-1' }), ...claims }),
      send: (token, message, options = {}) =>
        fetch(`${server.url}/chatbot/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ signed_context: token, message, ...(options.conversationId ? { conversation_id: options.conversationId } : {}) }),
          signal: options.signal,
        }),
      async history(conversationId, token) {
        const response = await fetch(`${base}/${conversationId}/messages?signed_context=${encodeURIComponent(token)}`)
        if (response.status !== 200) throw new Error(`history: ${response.status} ${await response.text()}`)
        return ((await response.json()) as { messages: HistoryMessage[] }).messages
      },
      resume(conversationId, token, options = {}) {
        const query = new URLSearchParams(token === undefined ? {} : { signed_context: token })
        if (options.lastEventId !== undefined && options.via === 'query') query.set('last_event_id', options.lastEventId)
        const headers: Record<string, string> = options.lastEventId !== undefined && options.via !== 'query' ? { 'last-event-id': options.lastEventId } : {}
        return fetch(`${base}/${conversationId}/stream?${query}`, { headers, signal: options.signal })
      },
      stop: (conversationId, body, headers = {}) => postJson(`${base}/${conversationId}/stop`, body, headers),
    }
  }

  return {
    database,
    start,
    /**
     * Sends a message (made unique: the provider tells requests apart by it) on `instance`, the
     * provider answering it with `reply`; gives the response and the provider's request.
     */
    async ask(instance: Instance, token: string, message: string, reply: HeldReply, options: { conversationId?: string; signal?: AbortSignal } = {}): Promise<{ response: Response; request: HeldRequest; conversationId: string }> {
      const unique = `${message} #${++sent}`
      scripted.set(unique, reply)
      const response = await instance.send(token, unique, options)
      if (response.status !== 200) throw new Error(`messages: ${response.status} ${await response.text()}`)
      return { response, request: await provider.request(unique), conversationId: response.headers.get('x-chatbot-conversation-id')! }
    },
    async close() {
      await Promise.all(running.splice(0).map((instance) => instance.close()))
      await provider.close()
      await database.drop()
    },
  }
}

export type Cluster = Awaited<ReturnType<typeof createCluster>>

/** Starts a cluster with one instance for a suite (none when `skip` says why not) and closes it after; `use` gets both. */
export function useCluster(target: DatabaseTarget, storage: string, skip: string | false | undefined, use: (started: { cluster: Cluster; a: Instance }) => void): void {
  let cluster: Cluster | undefined
  beforeAll(async () => {
    if (skip) return
    cluster = await createCluster(target, storage)
    use({ cluster, a: await cluster.start() })
  })
  afterAll(() => cluster?.close())
}
