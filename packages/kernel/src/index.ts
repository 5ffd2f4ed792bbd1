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
export { getRequestBody, getRequestEnvelope, prepareBodyEnvelope, prepareRequestEnvelope, setRequestEnvelope } from './http/request-envelope.js'
export { json, errorResponse } from './http/respond.js'
// The messages route's body rules (415, 413, 408, 422) for a plugin route that takes a JSON body.
export { readJsonObject } from './body/index.js'
export { serveChatbot, type ServeOptions, type RunningServer } from './http/serve.js'
// A static file in the coding the browser accepts (widget.js; the admin console's assets).
export { createStaticAsset, type EncodedFiles, type StaticAsset, type StaticAssetOptions } from './http/static-asset/index.js'
export type { Turn, ContextSection, ContextValue, Identity } from './turn/types.js'
export type { SentEvent } from './turn/event-sink.js'
export type { HistoryMessage, HistoryContext } from './turn/history.js'
export type { TurnContinuation } from './turn/continue.js'
export type { EventStream } from './sse/index.js'
export type {
  StreamEvent,
  StreamEventMap,
  ContextSectionSummary,
  ContextSummaryStreamEvent,
  TokenStreamEvent,
  ToolStartedStreamEvent,
  ToolFinishedStreamEvent,
  ToolFailedStreamEvent,
  ToolApprovalRequiredStreamEvent,
  PendingToolCall,
  DoneStreamEvent,
  ErrorStreamEvent,
} from './turn/stream-events.js'
export type { ChatMessage, ChatRequest, ChatToolCall, ChatToolDefinition, ProviderApi, ProviderClient, StreamOptions, StreamResult, TokenUsage } from './provider/types.js'
export { createProviderClient, createFakeProviderClient, type FakeScript, type FakeReply } from './provider/index.js'
export { createEnvelopeSigner, parseAppKey, generateAppKey, ENVELOPE_TTL_SECONDS, type EnvelopePayload, type EnvelopeClaims } from './envelope/index.js'
export { createCounterStore, type CounterStore } from './counters/index.js'
// For plugins with a Redis side of their own (the replay log): the counters' fail-fast client options, their
// failure wording, and the optional-driver import (a typed error saying to install ioredis).
export { FAIL_FAST as REDIS_FAIL_FAST, reasonOf as redisFailureReason, reportOutages as reportRedisOutages, type OutageWording } from './counters/redis-connection.js'
export { importDriver } from './storage/database/import-driver.js'
export {
  createDatabase,
  migrate,
  pendingMigrations,
  migrationsOf,
  conversationChannels,
  type PluginStorage,
  pruneConversations,
  createConversation,
  findConversationByPublicId,
  deleteConversation,
  insertMessage,
  listMessages,
  type Conversation,
  type StoredMessage,
  type NewMessage,
  type ChatbotDatabase,
  type PruneConversationsOptions,
  type PruneCounts,
  type Schema,
} from './storage/index.js'
export { truncateUtf8, byteLength, countTokens, loadTokenizer, TRUNCATION_MARKER } from './text/index.js'
export { isUuid } from './text/uuid.js'
export { escapeHtml, type RenderedWidget, type RenderWidgetOptions } from './widget-render.js'
export type { NodeRequestPair, RenderTarget } from './widget-target.js'
export { packageVersion } from './version.js'
export { startToolSpan, type ToolSpan } from './telemetry/index.js'
// For plugins with tables and names of their own: the kernel's dialect test, timestamp format and "did you mean".
export { dialectOf } from './storage/database/dialect-of.js'
// For a plugin's migration that names our tables inside SQL text (a trigger, a function).
export { tableLayoutOf, type TableLayout } from './storage/database/table-layout.js'
export { toStoredTimestamp, fromStoredTimestamp } from './storage/timestamps.js'
export { createIdCursor } from './storage/id-cursor.js'
export { closest } from './config/closest.js'
export type { ChatbotServices } from './services.js'

/** Typed identity helpers. */
import type { ChatbotConfig } from './config/index.js'
export const defineChatbotConfig = (config: ChatbotConfig): ChatbotConfig => config
/** Kysely's `sql` from the kernel's bundled copy: plugins' own queries and migrations use it without loading Kysely again. */
export { sql } from 'kysely'
