import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serveChatbot } from '@chatbot-kit/kernel'
import { silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot, generateAppKey, type Chatbot, type ChatbotConfig, type CreateChatbotOptions } from 'chatbot-kit'

export interface ServedChatbot {
  chatbot: Chatbot
  /** `http://127.0.0.1:PORT`, reached directly. */
  url: string
  /** `127.0.0.1:PORT`, for a proxy's upstream. */
  upstream: string
  /** An envelope for `user-1` on the default channel. */
  envelope(): string
  close(): Promise<void>
}

/**
 * chatbot-kit with its built-in plugins on Node's HTTP server, as `chatbot serve` runs it, on a
 * fresh SQLite file; no route middleware, so a test's POSTs need no CSRF cookie.
 */
export async function serveForProxies(providerUrl: string, config: ChatbotConfig = {}, options: CreateChatbotOptions = {}): Promise<ServedChatbot> {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-proxies-'))
  const chatbot = await createChatbot(
    { appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), routeMiddleware: [], baseUrl: providerUrl, apiKey: 'test-key', ...config },
    { env: {}, logger: silentLogger(), ...options },
  )
  const server = await serveChatbot(chatbot, { port: 0 })
  return {
    chatbot,
    url: server.url,
    upstream: server.url.replace('http://', ''),
    envelope: () => chatbot.mintEnvelope({ route: 'test.page', channel: 'default', userId: 'user-1' }),
    async close() {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
