import type { Identity } from '@chatbot-kit/kernel'

export interface QuotaBudget {
  used: number
  limit: number
  remaining: number
}

/** `chatbot.quota(identity)`: today's token use against the daily quota. */
export interface QuotaStatus {
  input: QuotaBudget
  output: QuotaBudget
  /** The next UTC midnight, ISO 8601 with offset. */
  resetsAt: string
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotServices {
    /** Today's token use of a user or guest against `dailyQuota` (the quota plugin). */
    quota: (identity: Identity) => Promise<QuotaStatus>
  }
}
