import type { ReplyLogOptions } from './types.js'

/**
 * Runs every `onStop` handler for a stop request. One that throws is logged and the others still
 * run: on Redis they run inside the subscriber connection's message event, where a throw would
 * break the connection.
 */
export function runStopHandlers(handlers: ReadonlyArray<(replyId: string) => void>, replyId: string, logger: ReplyLogOptions['logger']): void {
  for (const handler of handlers) {
    try {
      handler(replyId)
    } catch (error) {
      logger.warn(`A stop handler failed for reply ${replyId}.`, error)
    }
  }
}
