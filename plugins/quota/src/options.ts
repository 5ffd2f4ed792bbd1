import { count, defineOptions } from '@chatbot-kit/kernel'

/** The quota's keys: tokens per identity (user or guest) per UTC day. */
export const quotaOptions = defineOptions({
  'dailyQuota.input': count(200_000, 0, 1_000_000_000_000, { env: 'CHATBOT_DAILY_QUOTA_INPUT', doc: 'prompt tokens per user (or guest) per UTC day' }),
  'dailyQuota.output': count(50_000, 0, 1_000_000_000_000, { env: 'CHATBOT_DAILY_QUOTA_OUTPUT', doc: 'reply tokens per user (or guest) per UTC day' }),
})

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    dailyQuota?: {
      /**
       * Prompt tokens per user (or guest) per UTC day. Default `200000`.
       * @env CHATBOT_DAILY_QUOTA_INPUT
       */
      input?: number
      /**
       * Reply tokens per user (or guest) per UTC day. Default `50000`.
       * @env CHATBOT_DAILY_QUOTA_OUTPUT
       */
      output?: number
    }
  }
  interface ResolvedConfig {
    dailyQuota: { input: number; output: number }
  }
}
