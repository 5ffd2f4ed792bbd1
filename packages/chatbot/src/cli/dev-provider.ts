import { coreOptions, type ResolvedConfig } from '@chatbot-kit/kernel'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'

type ProviderSettings = Pick<ResolvedConfig, 'apiKey' | 'baseUrl' | 'model'>

/**
 * Whether `chatbot dev` answers through its offline demo provider: only when neither an API key
 * nor a base URL of its own is set. A local server (Ollama, LM Studio) needs no key, so a base
 * URL alone picks it; a key alone picks the default base URL (OpenAI).
 */
export function usesDemoProvider(config: ProviderSettings): boolean {
  return !config.apiKey && config.baseUrl === coreOptions.baseUrl.default
}

/**
 * The offline demo provider, started on a free loopback port, when `usesDemoProvider` says the
 * config has no provider of its own; undefined otherwise. `chatbot dev` paces it like a person,
 * `chatbot eval` wants it instant.
 */
export async function startDemoProviderIfNeeded(config: ProviderSettings, pace: 'human' | 'instant'): Promise<DemoProvider | undefined> {
  return usesDemoProvider(config) ? createDemoProvider({ port: 0, pace }) : undefined
}

/**
 * The line `chatbot dev` logs at start (and its demo page shows): the demo provider, or the
 * provider's host, URL and model. Never the key; the URL without a user, password or query.
 */
export function describeProvider(config: ProviderSettings, demoUrl?: string): string {
  if (demoUrl !== undefined) {
    return `Provider: the built-in offline demo provider at ${demoUrl} (neither CHATBOT_API_KEY nor CHATBOT_BASE_URL is set). Set CHATBOT_BASE_URL (and CHATBOT_API_KEY if the server needs one) for a real model.`
  }
  const url = new URL(config.baseUrl)
  const shown = `${url.origin}${url.pathname}`.replace(/\/+$/, '')
  return `Provider: ${url.host} (${shown}), model ${config.model}, ${config.apiKey ? 'with an API key' : 'no API key'}.`
}
