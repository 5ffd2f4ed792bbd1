import { defineOptions, nullableCount } from '@chatbot-kit/kernel'

/** The retention plugin's key: how long each channel's conversations are kept. */
export const retentionOptions = defineOptions({
  retentionDays: nullableCount(30, 0, 36_500, { env: 'CHATBOT_RETENTION_DAYS', channel: true, doc: 'days after the last activity; null keeps forever' }),
})

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    /**
     * Days a conversation is kept after its last activity (`chatbot prune`); `null` keeps forever. Default `30`.
     * @env CHATBOT_RETENTION_DAYS
     */
    retentionDays?: number | null
  }
  interface ResolvedConfig {
    retentionDays: number | null
  }
  interface ChannelConfig {
    /** Days a conversation of this channel is kept after its last activity; `null` keeps forever. Default: `retentionDays`. */
    retentionDays?: number | null
  }
  interface ChannelSettings {
    retentionDays: number | null
  }
}
