export * from '@chatbot-kit/kernel'
export { ENV_NAMES, configFromEnv, configWarnings, defaultConfig } from './config/kit-config.js'
export { createChatbot, resolveConfig, builtinPlugins } from './create.js'
export { loadChatbot, loadChatbotConfig, type LoadConfigOptions } from './config/load.js'
export { ChatbotQuotaExceededException, quotaOptions, type QuotaStatus, type QuotaBudget, type UsageDailyInput, type UsageDailyResult, type UsageDay } from '@chatbot-kit/plugin-quota'
export { ChatbotThrottledException, throttleOptions, type ThrottleConfig } from '@chatbot-kit/plugin-throttle'
export { ChatbotCsrfException, webOptions } from '@chatbot-kit/plugin-web'
export { ChatbotOriginNotAllowedException, originOptions } from '@chatbot-kit/plugin-origin'
export { ChatbotUnknownChannelException } from '@chatbot-kit/plugin-channels'
export { ChatbotSuspiciousContextDetected, sanitizerOptions } from '@chatbot-kit/plugin-sanitizer'
export { extractorsOptions, type RenderSnapshotOptions } from '@chatbot-kit/plugin-extractors'
export { ChatbotReplyInterruptedException, repliesOptions } from '@chatbot-kit/plugin-replies'
export {
  ChatbotHandoffException,
  handoffOptions,
  listHandoffs,
  type ChannelHandoff,
  type HandoffWebhook,
  type HandoffState,
  type HandoffListItem,
  type HandoffListPage,
  type HandoffService,
  type HandoffStreamEvent,
  type AgentMessageStreamEvent,
  type OutboundEvent as HandoffOutboundEvent,
  type InboundEvent as HandoffInboundEvent,
  type AdminHandoffChange,
  type HandoffAgentContext,
} from '@chatbot-kit/plugin-handoff'
export { ChatbotAttachmentException, attachmentsOptions, imageTokens, type AttachmentSettings, type AttachmentErrorCode, type AttachmentSummary } from '@chatbot-kit/plugin-attachments'
export { listFeedback, feedbackByDay, conversationsWithDownRating, MAX_FEEDBACK_PAGE, type FeedbackRating, type FeedbackFilters, type FeedbackListPage, type FeedbackSummary, type ListFeedbackOptions, type FeedbackByDayRange, type FeedbackDay, type FeedbackListInput, type ReplyFeedback } from '@chatbot-kit/plugin-feedback'
export {
  knowledgeOptions,
  summaryLine,
  ChatbotKnowledgeDocumentException,
  ChatbotKnowledgeFetchRefusedException,
  ChatbotKnowledgeUnknownSourceException,
  type KnowledgeSource,
  type FilesSource,
  type SitemapSource,
  type UrlsSource,
  type SourceSyncReport,
  type SourceStatus,
  type Retrieval,
  type RetrievedChunk,
  type SyncKnowledgeOptions,
  type SearchKnowledgeOptions,
  type KnowledgeSyncInput,
  type KnowledgeSearchInput,
  type KnowledgeDocumentsInput,
  type KnowledgeGapsInput,
  type DocumentListPage,
  type IndexedDocument,
  type GapListPage,
  type GapGroup,
} from '@chatbot-kit/plugin-knowledge'
export { retentionOptions, type PruneOptions, type PruneReport, type PruneChannelReport, type RetentionPruneInput } from '@chatbot-kit/plugin-retention'
export { defineTool, insertToolInvocation, listToolInvocations, listApprovals, toolsOptions, ChatbotApprovalDecidedException, ChatbotApprovalExpiredException, ChatbotApprovalNotFoundException, type McpServerConfig, type ToolApprovalPolicy, type ApprovalCheck, type StoredToolApproval, type ChatbotTool, type PersistableTool, type ToolInvocation, type ToolContext, type StandardSchemaLike, type ToolArguments, type ToolParameters, type NewToolInvocation, type StoredToolInvocation, type AdminApproval, type AdminToolInvocation, type ApprovalListInput } from '@chatbot-kit/plugin-tools'
// Entries of the admin package that do not load tRPC (the plugin loads it with the first admin request).
export { adminOptions } from '@chatbot-kit/admin/plugin'
export { listConversations, dailyTokenUsage, MAX_CONVERSATION_PAGE, type ConversationFilters, type ConversationListPage, type ConversationSummary, type ListConversationsOptions, type DailyUsageFilters, type DailyUsageRow } from '@chatbot-kit/admin/queries'
