export { createProviderClient } from './client.js'
export type { ProviderClientOptions, ProviderFailure, ProviderRetry, ProviderStall } from './client-options.js'
export { ProviderError, type ProviderFailureKind } from './error.js'
export { isRetryableProviderFailure } from './retry-rule.js'
export { baseUrlProblem } from './endpoint.js'
export { withoutNul } from './without-nul.js'
export type {
  ChatContentPart,
  ChatMessage,
  ChatRequest,
  ChatToolCall,
  ChatToolDefinition,
  ProviderApi,
  ProviderClient,
  StreamOptions,
  StreamResult,
  TextDeltaHandler,
  TokenUsage,
} from './types.js'
export { readCapped } from './read-capped.js'
export { createFakeProviderClient, type FakeProviderClient, type FakeReply, type FakeScript } from './fake.js'
export { createNodeTransport } from './node-transport.js'
export type { ProviderResponse, ProviderTransport } from './transport.js'
