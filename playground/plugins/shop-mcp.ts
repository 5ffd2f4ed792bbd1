import { definePlugin } from 'chatbot-kit'
import { shopMcpUrl, startShopMcpServer, type ShopMcpServer } from '../mcp/shop-server.js'

interface Running {
  server: Promise<ShopMcpServer>
  users: number
}

// `chatbot dev` builds the reloaded chatbot before it closes the previous one, and loads this
// file afresh each time (c12 has no module cache): the two share the listening server through
// `globalThis`, and the last one to close stops it.
const RUNNING = Symbol.for('chatbot-kit.playground.shop-mcp')
const running = ((globalThis as Record<symbol, Map<number, Running> | undefined>)[RUNNING] ??= new Map())

async function acquire(port: number): Promise<() => Promise<void>> {
  let entry = running.get(port)
  if (!entry) {
    entry = { server: startShopMcpServer(port), users: 0 }
    running.set(port, entry)
  }
  entry.users += 1
  const current = entry
  try {
    await current.server
  } catch (error) {
    running.delete(port)
    throw error
  }
  return async () => {
    current.users -= 1
    if (current.users > 0) return
    running.delete(port)
    await (await current.server).close()
  }
}

/**
 * Runs the playground's MCP server (`mcp/shop-server.ts`) with the chatbot: it listens once
 * `setup` returns, before the tools plugin connects to it at `ready`, and stops on `close`.
 */
export function shopMcpPlugin(port: number) {
  return definePlugin({
    name: 'playground-shop-mcp',
    async setup(chatbot) {
      const release = await acquire(port)
      chatbot.hooks.hook('close', release)
      chatbot.logger.info(`The playground's MCP server "shop" is at ${shopMcpUrl(port)} (PLAYGROUND_MCP_PORT sets the port).`)
    },
  })
}
