export { createChatbot, type CreateChatbotOptions } from './chatbot.js'
export type { AdminAuthorizer, Chatbot } from './facade.js'
export type { PluginApi, PluginSetupContext } from './plugin-api.js'
export { loadConsola } from './logger.js'
export type { ChannelScope } from './channel-scope.js'
export * from './config/index.js'
export * from './errors/index.js'
export * from './events/index.js'
export type { ChatbotHooks, RefusalContext, RequestContext, WidgetRenderContext } from './hooks.js'
export { definePlugin, type ChatbotPlugin } from './plugin.js'
export type { ChatbotRoute } from './http/route.js'
export { widgetPartRoute } from './http/routes/widget.js'
export { json, errorResponse } from './http/respond.js'
export { serveChatbot, type ServeOptions, type RunningServer } from './http/serve.js'
export type { DrainOptions } from '@chatbot-kit/http'
// A static file in the coding the browser accepts (widget.js; the admin console's assets).
export { createStaticAsset, type EncodedFiles, type StaticAsset, type StaticAssetOptions } from '@chatbot-kit/http'
export type { Turn, ContextSection, ContextValue, Identity, ReplySource } from './turn/types.js'
export type { SentEvent } from './turn/event-sink.js'
export type { HistoryMessage, HistoryContext, MessageAuthor } from './turn/history.js'
export type { TurnContinuation } from './turn/continue.js'
export type { EventStream } from '@chatbot-kit/http'
export type {
  StreamEvent,
  StreamEventMap,
  ContextSectionSummary,
  ContextSummaryStreamEvent,
  TokenStreamEvent,
  SourcesStreamEvent,
  ToolStartedStreamEvent,
  ToolFinishedStreamEvent,
  ToolFailedStreamEvent,
  ToolApprovalRequiredStreamEvent,
  PendingToolCall,
  DoneStreamEvent,
  ErrorStreamEvent,
} from './turn/stream-events.js'
export type { ChatMessage, ChatRequest, ChatToolCall, ChatToolDefinition, ProviderApi, ProviderClient, StreamOptions, StreamResult, TokenUsage } from '@chatbot-kit/provider'
export { createProviderClient } from './provider/client.js'
export { createFakeProviderClient } from './provider/fake.js'
export type { FakeScript, FakeReply } from '@chatbot-kit/provider'
export { createEnvelopeSigner, parseAppKey, generateAppKey, ENVELOPE_TTL_SECONDS, type EnvelopePayload, type EnvelopeClaims } from './envelope/index.js'
export { createCounterStore } from './stores/index.js'
export type { CounterStore } from '@chatbot-kit/stores'
export {
  createDatabase,
  migrate,
  pendingMigrations,
  migrationsOf,
  conversationChannels,
  type PluginStorage,
  pruneConversations,
  createConversation,
  type Conversation,
  type StoredMessage,
  type NewMessage,
  type ChatbotDatabase,
  type PruneConversationsOptions,
  type PruneCounts,
  type Schema,
} from './storage/index.js'
export { truncateUtf8, byteLength, countTokens, loadTokenizer, TRUNCATION_MARKER } from './text/index.js'
export { promptLines, seedPromptLines } from './turn/prompt.js'
export { escapeHtml, type RenderedWidget, type RenderWidgetOptions } from './widget-render.js'
export type { NodeRequestPair, RenderTarget } from './widget-target.js'
export { packageVersion } from './version.js'
export type { ChatbotServices } from './services.js'
// What plugins build with lives in `@chatbot-kit/kernel/plugin` (for-plugins.ts); these aliases are for 1.x.
export * from './deprecated-plugin-helpers.js'

/** Typed identity helpers. */
import type { ChatbotConfig } from './config/index.js'
export const defineChatbotConfig = (config: ChatbotConfig): ChatbotConfig => config
