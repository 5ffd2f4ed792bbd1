import { defineOptions, list } from '@chatbot-kit/kernel'

/** The sanitizer's config key: the tags it escapes (config file only). */
export const sanitizerOptions = defineOptions({
  sanitizerTags: list(['context', 'system', 'instructions', 'assistant', 'user'], { doc: 'tag names escaped in context sections; replaces the default list' }),
})

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    /** Tag names HTML-escaped in context before the prompt is assembled; replaces the default list. Default `['context', 'system', 'instructions', 'assistant', 'user']`. */
    sanitizerTags?: string[]
  }
  interface ResolvedConfig {
    sanitizerTags: string[]
  }
}
