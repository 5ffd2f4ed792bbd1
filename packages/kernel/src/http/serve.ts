import { serve } from 'h3'
import type { Chatbot } from '../chatbot.js'

export interface ServeOptions {
  port?: number
  hostname?: string
}

export interface RunningServer {
  url: string
  close(): Promise<void>
}

/** Serves a chatbot on Node's HTTP server (srvx, through h3). */
export async function serveChatbot(chatbot: Chatbot, options: ServeOptions = {}): Promise<RunningServer> {
  const server = serve(chatbot.app, { port: options.port ?? 3000, hostname: options.hostname ?? '127.0.0.1', silent: true, gracefulShutdown: false })
  await server.ready()
  return {
    url: server.url!.replace(/\/$/, ''),
    close: async () => {
      await server.close(true)
    },
  }
}
