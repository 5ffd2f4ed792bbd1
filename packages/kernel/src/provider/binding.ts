import type { ConsolaInstance } from 'consola'
import type { ResolvedConfig } from '../config/resolved.js'
import { createProviderClient } from './client.js'
import { createFakeProviderClient } from './fake.js'
import type { FakeScript, ProviderClient } from '@chatbot-kit/provider'

/** The chatbot's provider client: made on first use from the config, or the fake bound by `chatbot.fake()`. */
export function createProviderBinding(config: ResolvedConfig, logger: ConsolaInstance) {
  let fakeClient: ProviderClient | undefined
  let realClient: ProviderClient | undefined
  return {
    client: (): ProviderClient =>
      (fakeClient ??= realClient ??= createProviderClient({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        api: config.provider.api,
        fetch: config.provider.fetch,
        retries: config.provider.retries,
        firstByteTimeoutMs: config.provider.firstByteTimeout * 1000,
        onRetry: ({ message }) => logger.warn(message),
        onFailure: ({ message }) => logger.warn(message),
        onStall: ({ message }) => logger.warn(message),
      })),
    fake: (script: FakeScript) => (fakeClient = createFakeProviderClient(script)),
  }
}
