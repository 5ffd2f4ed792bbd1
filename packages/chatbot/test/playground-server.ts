import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listenNode, silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot, generateAppKey, loadChatbotConfig, serveChatbot, type Chatbot, type ChatbotPlugin } from 'chatbot-kit'

const PLAYGROUND = fileURLToPath(new URL('../../../playground/', import.meta.url))

/** What the help centre's source links point at here (the config's `PLAYGROUND_URL`). */
export const PLAYGROUND_URL = 'http://playground.test'

export interface PlaygroundServer {
  chatbot: Chatbot
  provider: DemoProvider
  /** The server's origin, e.g. `http://127.0.0.1:43117`. */
  url: string
  close(): Promise<void>
}

/**
 * playground/chatbot.config.ts as `chatbot dev` loads it, with the demo provider's default
 * responder behind it, over a real socket, without the web middleware (envelopes only). The
 * config reads `CHATBOT_ADMIN_TOKEN` (set to `adminToken`), `PLAYGROUND_URL` (set to
 * `PLAYGROUND_URL`) and starts its MCP server on a free port; `close()` puts the variables back.
 * `plugins` replaces the built-in plugins of the same name (a throttle with a clock of its own).
 */
export async function startPlayground(options: { adminToken: string; plugins?: ChatbotPlugin[] }): Promise<PlaygroundServer> {
  const saved = { CHATBOT_ADMIN_TOKEN: process.env.CHATBOT_ADMIN_TOKEN, PLAYGROUND_MCP_PORT: process.env.PLAYGROUND_MCP_PORT, PLAYGROUND_URL: process.env.PLAYGROUND_URL }
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-playground-'))
  // A port nothing listens on: `npm run dev` or playground-dev.test.ts may hold 4319.
  const probe = await listenNode(() => {})
  await probe.close()
  process.env.PLAYGROUND_MCP_PORT = new URL(probe.url).port
  process.env.CHATBOT_ADMIN_TOKEN = options.adminToken
  process.env.PLAYGROUND_URL = PLAYGROUND_URL
  const provider = await createDemoProvider()
  const config = await loadChatbotConfig({
    cwd: PLAYGROUND,
    ...(options.plugins ? { plugins: options.plugins } : {}),
    overrides: { appKey: generateAppKey(), database: join(dir, 'playground.sqlite'), baseUrl: provider.url, apiKey: 'test-key', routeMiddleware: [] },
  })
  const chatbot = await createChatbot(config, { logger: silentLogger() })
  const server = await serveChatbot(chatbot, { port: 0 })
  return {
    chatbot,
    provider,
    url: server.url,
    async close() {
      await server.close()
      await chatbot.close()
      await provider.close()
      rmSync(dir, { recursive: true, force: true })
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    },
  }
}
