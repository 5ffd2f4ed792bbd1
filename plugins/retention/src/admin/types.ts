import type { retentionRouter } from './retention-router.js'

/** `retention.prune`'s input. */
export interface RetentionPruneInput {
  /** Count what would go, delete nothing. */
  dryRun?: boolean
  /** Only this channel. */
  channel?: string
}

// What the plugin adds to the admin API's types (its procedure loads with the first admin request: admin/contribution.ts).
declare module '@chatbot-kit/admin' {
  interface AdminProcedures {
    retention: typeof retentionRouter
  }
}
