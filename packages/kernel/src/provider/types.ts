// The wire types live with the provider client; the kernel's files import them from here.
export type {
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
} from '@chatbot-kit/provider'
