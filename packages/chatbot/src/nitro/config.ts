import type { ChatbotConfig } from '@chatbot-kit/kernel'
import type { NitroApp } from 'nitropack'

/** The event Nitro 2 hands its handlers (h3 v1's `H3Event`, as nitropack types it). */
export type NitroEvent = Parameters<NitroApp['h3App']['handler']>[0]

type Identity = Awaited<ReturnType<NonNullable<ChatbotConfig['identify']>>>

/** `chatbot.config.ts` of a Nitro or Nuxt app: `identify` receives the request's Nitro event. */
export type NitroChatbotConfig = Omit<ChatbotConfig, 'identify'> & {
  identify?: (event: NitroEvent) => Identity | Promise<Identity>
}

/**
 * `defineChatbotConfig` for apps that use the Nitro or Nuxt module, which hand `identify` the
 * page request's Nitro event: the one the app's own handlers and session helpers take.
 */
export const defineNitroChatbotConfig = (config: NitroChatbotConfig): ChatbotConfig => config as ChatbotConfig
