import type { Chatbot, ChatbotConfig } from '@chatbot-kit/kernel'
import { createChatbot } from '../../create.js'
import { hostEventOf } from './node-event.js'

/** What `chatbot.config.ts` may export: the config, or a function returning it. */
export type ConfigExport = ChatbotConfig | (() => ChatbotConfig | Promise<ChatbotConfig>) | undefined

let instance: Promise<Chatbot> | undefined

/**
 * Creates this server's chatbot (the module's Nitro plugin calls it once, at start-up) from the
 * config compiled into the server bundle, with the environment over it as everywhere else.
 * `identify` gets the request's Nitro event: the one the host's own handlers and auth helpers know.
 */
export function startNitroChatbot(exported: ConfigExport, base: string): Promise<Chatbot> {
  instance = (async () => {
    const config = (typeof exported === 'function' ? await exported() : exported) ?? {}
    const identify = config.identify
    return createChatbot({
      ...config,
      base,
      ...(identify ? { identify: (event) => identify((hostEventOf(event) ?? event) as typeof event) } : {}),
    })
  })()
  return instance
}

/** The chatbot of this Nitro server (auto-imported in server code), created by the module at start-up. */
export function useChatbot(): Promise<Chatbot> {
  if (!instance) throw new Error('No chatbot runs in this server: add "chatbot-kit/nitro" to `modules` in nitro.config.ts (or "chatbot-kit/nuxt" in nuxt.config.ts).')
  return instance
}

/** Closes the chatbot on Nitro's `close` hook (shutdown, or a dev reload). */
export async function closeNitroChatbot(): Promise<void> {
  const closing = instance
  instance = undefined
  const chatbot = await closing?.catch(() => undefined)
  await chatbot?.close()
}
