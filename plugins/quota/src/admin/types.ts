import type { DailyUsageRow } from '@chatbot-kit/admin'
import type { QuotaStatus } from '../quota-status.js'
import type { usageRouter } from './usage-router.js'

export interface UsageDailyInput {
  /** First UTC day, `YYYY-MM-DD` (default: 29 days before `to`). */
  from?: string
  /** Last UTC day, `YYYY-MM-DD` (default: today). */
  to?: string
  channel?: string
  userId?: string
  guestId?: string
}

/** A stored day row, with whether it reached a daily limit (`dailyQuota`). */
export interface UsageDay extends DailyUsageRow {
  overInput: boolean
  overOutput: boolean
}

export interface UsageDailyResult {
  from: string
  to: string
  /** `dailyQuota` per identity and UTC day. */
  limits: { input: number; output: number }
  days: UsageDay[]
  /** Today's live quota counters of the identity (userId or guestId filter). */
  today: QuotaStatus | null
}

// What the plugin adds to the admin API's types (its procedure loads with the first admin request: admin/contribution.ts).
declare module '@chatbot-kit/admin' {
  interface AdminProcedures {
    usage: typeof usageRouter
  }
}
