import { count, defineOptions, list } from '@chatbot-kit/kernel'

/** The extractors plugin's keys: channel blocks only, sent to the widget in each envelope. */
export const extractorsOptions = defineOptions({
  allowedExtractors: list([], { channel: 'only', doc: 'client extractors the widget may run on this channel' }),
  extractorTimeoutMs: count(250, 1, 60_000, { channel: 'only', doc: 'ms one client extractor may take' }),
  extractorSizeCapBytes: count(8192, 16, 1_048_576, { channel: 'only', doc: 'the most bytes one client extractor may send' }),
})

declare module '@chatbot-kit/kernel' {
  interface ChannelConfig {
    /** Names of the client extractors the widget may run on this channel. Default: none. */
    allowedExtractors?: string[]
    /** How long one client extractor may take, in ms. Default `250`. */
    extractorTimeoutMs?: number
    /** The most bytes one client extractor may send. Default `8192`. */
    extractorSizeCapBytes?: number
  }
  interface ChannelSettings {
    allowedExtractors: string[]
    extractorTimeoutMs: number
    extractorSizeCapBytes: number
  }
}
