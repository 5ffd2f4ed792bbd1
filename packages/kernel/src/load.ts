import { createChatbot, type Chatbot, type CreateChatbotOptions } from './chatbot.js'
import { loadChatbotConfig, type LoadConfigOptions } from './config/index.js'

/** Loads `chatbot.config.ts` and `.env` from `cwd`, applies env overrides, then creates the chatbot. */
export async function loadChatbot(options: LoadConfigOptions & CreateChatbotOptions = {}): Promise<Chatbot> {
  const config = await loadChatbotConfig(options)
  return createChatbot(config, options)
}
