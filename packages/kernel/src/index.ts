export { createChatbot, type AdminAuthorizer, type Chatbot, type CreateChatbotOptions } from './chatbot.js'
export { loadChatbot } from './load.js'
export { loadConsola } from './logger.js'
export type { ChannelScope } from './channel-scope.js'
export * from './config/index.js'
export * from './errors/index.js'
export * from './events/index.js'
export type { ChatbotHooks, RequestContext, WidgetRenderContext } from './hooks.js'
export { definePlugin, type ChatbotPlugin } from './plugin.js'
export type { ChatbotRoute } from './http/route.js'
export { getRequestEnvelope, setRequestEnvelope } from './http/request-envelope.js'
export { json, errorResponse } from './http/respond.js'
export { serveChatbot, type ServeOptions, type RunningServer } from './http/serve.js'
export type { Turn, ContextSection, Identity, StreamEvent } from './turn/types.js'
export type { ChatbotTool, PersistableTool, ToolInvocation, ToolContext, StandardSchemaLike, ToolArguments, ToolParameters } from './tools/types.js'
export type { ChatMessage, ChatRequest, ChatToolCall, ChatToolDefinition, ProviderClient, StreamOptions, StreamResult, TokenUsage } from './provider/types.js'
export { createProviderClient, createFakeProviderClient, type FakeScript, type FakeReply } from './provider/index.js'
export { createEnvelopeSigner, parseAppKey, generateAppKey, ENVELOPE_TTL_SECONDS, type EnvelopePayload, type EnvelopeClaims } from './envelope/index.js'
export { createCounterStore, type CounterStore } from './counters/index.js'
export {
  createDatabase,
  migrate,
  pendingMigrations,
  pruneConversations,
  insertToolInvocation,
  listToolInvocations,
  createConversation,
  findConversationByPublicId,
  deleteConversation,
  insertMessage,
  listMessages,
  listConversations,
  dailyTokenUsage,
  type Conversation,
  type StoredMessage,
  type NewMessage,
  type ConversationFilters,
  type ConversationListPage,
  type ConversationSummary,
  type ListConversationsOptions,
  MAX_CONVERSATION_PAGE,
  type DailyUsageFilters,
  type DailyUsageRow,
  type ChatbotDatabase,
  type PruneConversationsOptions,
  type PruneCounts,
  type NewToolInvocation,
  type StoredToolInvocation,
} from './storage/index.js'
export { truncateUtf8, byteLength, countTokens, loadTokenizer, TRUNCATION_MARKER } from './text/index.js'
export { escapeHtml, type RenderedWidget, type RenderWidgetOptions } from './widget-render.js'
export { packageVersion } from './version.js'
export { startToolSpan, type ToolSpan } from './telemetry/index.js'
export type { ContextValue } from './runtime.js'
export type { ChatbotServices, QuotaStatus, QuotaBudget, PruneOptions, PruneReport, PruneChannelReport, RenderSnapshotOptions } from './services.js'

/** Typed identity helpers. */
import type { ChatbotConfig } from './config/index.js'
import type { ChatbotTool, ToolArguments, ToolParameters } from './tools/types.js'
export const defineChatbotConfig = (config: ChatbotConfig): ChatbotConfig => config
/** A tool whose handler's arguments are typed from its `parameters` (zod, valibot, or a literal JSON Schema). */
export const defineTool = <const P extends ToolParameters>(tool: ChatbotTool<ToolArguments<P>> & { parameters: P }): ChatbotTool<ToolArguments<P>> => tool
