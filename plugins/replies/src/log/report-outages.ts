import type { Redis } from 'ioredis'
import type { ReplyLogOptions } from './types.js'

/**
 * One warning when the replay log's Redis becomes unreachable (from either connection) and one
 * line when both are back, however many reconnect attempts fail in between; without an `error`
 * listener ioredis would print every one of them.
 */
export function reportOutages(clients: Redis[], logger: ReplyLogOptions['logger']): void {
  let down = false
  for (const client of clients) {
    client.on('error', (error: Error) => {
      if (down) return
      down = true
      logger.warn(
        `The replay log (Redis) is unreachable (${error.message}): replies go on but are not recorded for resuming, and resume and stop answer 503 counters_unavailable until it is back. Reconnecting.`,
      )
    })
    client.on('ready', () => {
      if (!down || clients.some((each) => each.status !== 'ready')) return
      down = false
      logger.info('The replay log (Redis) is reachable again.')
    })
  }
}
