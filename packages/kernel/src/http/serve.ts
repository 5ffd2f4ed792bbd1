import type { Server as NodeServer } from 'node:http'
import { serve } from 'h3'
import type { Chatbot } from '../facade.js'

export interface ServeOptions {
  port?: number
  hostname?: string
}

/** How long finished responses get to reach their clients before the remaining sockets are closed. */
const FLUSH_MS = 1000

export interface RunningServer {
  url: string
  /**
   * Stops accepting connections, closes the chatbot gracefully (`chatbot.close()`: replies in
   * progress get `shutdownGrace` seconds, or `grace`, then end with an `error` event), then
   * closes the connections left. Calling `chatbot.close()` afterwards is harmless.
   */
  close(options?: { grace?: number }): Promise<void>
}

/**
 * Node's limits on a request that arrives too slowly (slowloris), checked every 2 s rather than
 * Node's 30: headers within 10 s, the whole request within 30 s, after which Node answers a bare
 * 408 and closes. The routes' own 10 s body deadline (`BODY_DEADLINE_MS`) answers first, with
 * the JSON error; this is the backstop for bodies no route reads. Node's defaults are 60 s and 300 s.
 */
export const SERVER_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 2_000 } as const

/** Serves a chatbot on Node's HTTP server (srvx, through h3). */
export async function serveChatbot(chatbot: Chatbot, options: ServeOptions = {}): Promise<RunningServer> {
  const server = serve(chatbot.app, {
    port: options.port ?? 3000,
    hostname: options.hostname ?? '127.0.0.1',
    silent: true,
    gracefulShutdown: false,
    node: { ...SERVER_TIMEOUTS },
  })
  await server.ready()
  return {
    url: server.url!.replace(/\/$/, ''),
    close: async (closeOptions) => {
      // Resolves once every connection ended; meanwhile new connections are refused.
      const stopped = server.close()
      try {
        await chatbot.close(closeOptions)
      } finally {
        await closeIdleUntil(server.node?.server as NodeServer | undefined, stopped, FLUSH_MS)
        await server.close(true)
      }
    },
  }
}

/**
 * Node closes a kept-alive connection only on its own idle timeout, even once the server stopped
 * listening: close each one as soon as its last response went out, and give up after `ms`.
 */
async function closeIdleUntil(server: NodeServer | undefined, stopped: Promise<void>, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  let done = false
  void stopped.then(() => (done = true), () => (done = true))
  while (!done && Date.now() < deadline) {
    server?.closeIdleConnections()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
