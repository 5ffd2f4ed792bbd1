import { pendingMigrations } from '../../storage/index.js'
import { packageVersion } from '../../version.js'
import type { KernelRuntime } from '../../runtime.js'
import { json } from '../respond.js'
import type { ChatbotRoute } from '../route.js'

/** `GET /health`: 503 when the database is unreachable or a migration is pending. */
export function healthRoute(runtime: KernelRuntime): ChatbotRoute {
  return {
    name: 'chatbot.health',
    method: 'GET',
    path: '/health',
    stateful: false,
    async handler() {
      let problem: string | undefined
      try {
        const pending = await pendingMigrations(runtime.db)
        if (pending.length > 0) problem = `migrations pending: ${pending.join(', ')}`
      } catch (error) {
        runtime.logger.warn('Health check: the database is unreachable.', error)
        problem = 'database unreachable'
      }
      const body = { status: problem ? 'unavailable' : 'ok', version: packageVersion, active_streams: runtime.activeStreams }
      return json(problem ? { ...body, problem } : body, problem ? 503 : 200)
    },
  }
}
