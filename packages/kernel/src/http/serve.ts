import type { Server as NodeServer } from 'node:http'
import { serve } from 'h3'
import type { Chatbot } from '../facade.js'
import type { DrainOptions } from '@chatbot-kit/http'

export interface ServeOptions {
  port?: number
  hostname?: string
}

export interface RunningServer {
  url: string
  /**
   * `chatbot.drain(server)`: health 503 for `shutdown.drainDelay` seconds (or `delay`) while still
   * listening, then no new connections, replies in progress get `shutdownGrace` seconds (or
   * `grace`), the chatbot closes, and the connections left are closed. `chatbot.close()`
   * afterwards is harmless.
   */
  close(options?: DrainOptions): Promise<void>
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
    close: (closeOptions) => chatbot.drain(server.node!.server as NodeServer, closeOptions),
  }
}
