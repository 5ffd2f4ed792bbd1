import { createDownReporter } from '../../health/down-reporter.js'
import { runCheck } from '../../health/run-check.js'
import { migrationsOf, pendingMigrations } from '../../storage/index.js'
import { packageVersion } from '../../version.js'
import type { KernelRuntime } from '../../runtime.js'
import { json } from '../respond.js'
import type { ChatbotRoute } from '../route.js'

/** Each dependency's own limit: a frozen one answers "down" this fast, whatever its driver's timeouts. */
const CHECK_TIMEOUT_MS = 2_000

/**
 * `GET /health`: the database and the counter store probed in parallel, each within its own
 * limit; 503 when either is down, a migration is pending, or the chatbot is shutting down.
 * The database probe is the pending-migrations query itself: one small read, no extra query.
 */
export function healthRoute(runtime: KernelRuntime): ChatbotRoute {
  const report = createDownReporter(runtime.logger)
  return {
    name: 'chatbot.health',
    method: 'GET',
    path: '/health',
    stateful: false,
    async handler() {
      const [database, counters] = await Promise.all([
        runCheck(() => pendingMigrations(runtime.db, migrationsOf(runtime.config)), CHECK_TIMEOUT_MS),
        runCheck(() => runtime.counters.ping(), CHECK_TIMEOUT_MS),
      ])
      const problems: string[] = []
      if (runtime.closing) problems.push('shutting down')
      if (database.result.status === 'down') problems.push('database unreachable')
      else if (database.value?.length) problems.push(`migrations pending: ${database.value.join(', ')}`)
      if (counters.result.status === 'down') problems.push('counter store unreachable')
      report('database', database.result)
      report('counter store', counters.result)
      const body = {
        status: problems.length ? 'unavailable' : 'ok',
        version: packageVersion,
        active_streams: runtime.activeStreams,
        ...(problems.length ? { problem: problems.join('; ') } : {}),
        checks: { database: database.result, counters: counters.result },
      }
      return json(body, problems.length ? 503 : 200)
    },
  }
}
