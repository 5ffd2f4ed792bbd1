import { migrationsOf, packageVersion, pendingMigrations } from '@chatbot-kit/kernel'
import { adminProcedure } from '../trpc.js'

export interface AdminHealth {
  status: 'ok' | 'unavailable'
  version: string
  activeStreams: number
  /** Why it is unavailable. */
  problem: string | null
  pendingMigrations: string[]
}

/** Like `GET /chatbot/health`, with the pending migrations named. */
export const healthProcedure = adminProcedure.query(async ({ ctx }): Promise<AdminHealth> => {
  let pending: string[] = []
  let problem: string | null = null
  try {
    pending = await pendingMigrations(ctx.chatbot.db, migrationsOf(ctx.chatbot.config))
    if (pending.length > 0) problem = `migrations pending: ${pending.join(', ')}`
  } catch (error) {
    ctx.chatbot.logger.warn('Admin health: the database is unreachable.', error)
    problem = 'database unreachable'
  }
  return { status: problem ? 'unavailable' : 'ok', version: packageVersion, activeStreams: ctx.chatbot.activeStreams, problem, pendingMigrations: pending }
})
