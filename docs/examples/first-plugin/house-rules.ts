import { defineOptions, definePlugin, text } from 'chatbot-kit'

// One config key: `houseRules` in chatbot.config.ts, or CHATBOT_HOUSE_RULES; a channel can set its own.
const houseRulesOptions = defineOptions({
  houseRules: text(undefined, { env: 'CHATBOT_HOUSE_RULES', channel: true, doc: 'rules the assistant is given with every message' }),
})

// The key's types, so defineChatbotConfig({ houseRules }) and turn.settings know it.
declare module 'chatbot-kit' {
  interface ChatbotConfig {
    /**
     * Rules the assistant is given with every message.
     * @env CHATBOT_HOUSE_RULES
     */
    houseRules?: string
  }
  interface ResolvedConfig {
    houseRules?: string
  }
  interface ChannelConfig {
    houseRules?: string
  }
  interface ChannelSettings {
    houseRules?: string
  }
}

/** Gives the model the house rules as a context section of every turn. */
export const houseRulesPlugin = () =>
  definePlugin({
    name: 'house-rules',
    options: houseRulesOptions,
    hooks: {
      // The channel's value, or the top-level one; no section when neither is set.
      'turn:context'(turn) {
        const rules = turn.settings.houseRules
        if (rules) turn.sections.push({ name: 'house-rules', content: rules, source: 'server' })
      },
    },
  })
