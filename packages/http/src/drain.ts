import type { Server as NodeServer } from 'node:http'

/** How long finished responses get to reach their clients before the remaining sockets are closed. */
const FLUSH_MS = 1000

export interface DrainOptions {
  /** Seconds replies in progress may take once the server stopped listening; default `shutdownGrace`. */
  grace?: number
  /** Seconds the server keeps listening with health at 503 before it stops; default `shutdown.drainDelay`. */
  delay?: number
}

export interface DrainParts {
  drainDelay: number
  logger: { info(message: string): void; success(message: string): void }
  /** Turns health to 503; the routes go on serving. */
  announce(): void
  close(options?: { grace?: number }): Promise<void>
}

/**
 * A graceful shutdown of a Node server: `announce` at once (health answers 503) while the server
 * keeps listening for `delay` seconds (a balancer takes the instance out of rotation meanwhile, and
 * what it still sends is served), then it stops listening, `close` gets the grace for responses in
 * progress, and the connections left are closed.
 */
export async function drainServer(parts: DrainParts, server: NodeServer, options: DrainOptions = {}): Promise<void> {
  const delay = options.delay ?? parts.drainDelay
  if (!(delay >= 0)) throw new TypeError(`chatbot.drain: delay must be a number of seconds ≥ 0, got ${delay}.`)
  parts.announce()
  if (delay > 0) {
    parts.logger.info(`Shutting down: health answers 503; still accepting connections for ${delay} s (shutdown.drainDelay).`)
    await new Promise((resolve) => setTimeout(resolve, delay * 1000))
  }
  parts.logger.info('Shutting down: no new connections.')
  // Resolves once every connection ended; an error only says it was not listening.
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
  try {
    await parts.close({ grace: options.grace })
  } finally {
    await closeIdleUntil(server, stopped, FLUSH_MS)
    server.closeAllConnections()
    await stopped
  }
  parts.logger.success('Stopped.')
}

/**
 * Node closes a kept-alive connection only on its own idle timeout, even once the server stopped
 * listening: close each one as soon as its last response went out, and give up after `ms`.
 */
async function closeIdleUntil(server: NodeServer, stopped: Promise<void>, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  let done = false
  void stopped.then(() => (done = true))
  while (!done && Date.now() < deadline) {
    server.closeIdleConnections()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
