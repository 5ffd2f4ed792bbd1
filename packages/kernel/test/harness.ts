import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { readSse, silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type ChatbotConfig, type CreateChatbotOptions, type EnvelopeClaims } from '@chatbot-kit/kernel'

export type Transport = 'in-process' | 'socket'
export const TRANSPORTS: Transport[] = ['in-process', 'socket']

export interface Harness {
  chatbot: Chatbot
  provider: DemoProvider
  /** `http://127.0.0.1:port` over a socket, `http://chatbot.test` in-process. */
  origin: string
  /** A request to the chatbot's routes (`path` under the origin, e.g. `/chatbot/health`). */
  request(path: string, init?: RequestInit): Promise<Response>
  post(body: unknown, init?: RequestInit): Promise<Response>
  envelope(claims?: Partial<EnvelopeClaims>): string
  history(conversationId: string, envelope: string): Promise<Response>
  close(): Promise<void>
}

/**
 * A chatbot on a fresh SQLite file, talking to the project's OpenAI-compatible test provider
 * over loopback, reached in-process (`chatbot.fetch`) or over a real socket.
 */
export async function createHarness(
  transport: Transport,
  config: ChatbotConfig = {},
  options: CreateChatbotOptions & { provider?: DemoProvider } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-test-'))
  const provider = options.provider ?? (await createDemoProvider())
  const chatbot = await createChatbot(
    { appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), routeMiddleware: [], baseUrl: provider.url, apiKey: 'test-key', ...config },
    { env: {}, logger: silentLogger(), ...options },
  )
  const server = transport === 'socket' ? await serveChatbot(chatbot, { port: 0 }) : undefined
  const origin = server?.url ?? 'http://chatbot.test'
  const request = (path: string, init?: RequestInit) =>
    server ? fetch(`${origin}${path}`, init) : chatbot.fetch(new Request(`${origin}${path}`, init))
  const envelope = (claims: Partial<EnvelopeClaims> = {}) =>
    chatbot.mintEnvelope({ route: 'test.page', channel: 'default', ...(claims.userId || claims.guestId ? {} : { userId: 'user-1' }), ...claims })
  return {
    chatbot,
    provider,
    origin,
    request,
    envelope,
    post: (body, init = {}) =>
      request('/chatbot/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init }),
    history: (id, token) => request(`/chatbot/conversations/${id}/messages?signed_context=${encodeURIComponent(token)}`),
    async close() {
      await server?.close()
      await chatbot.close()
      if (!options.provider) await provider.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}


/** The `data:` events of a complete SSE response. */
export const events = (response: Response) => readSse<{ type: string } & Record<string, unknown>>(response)
