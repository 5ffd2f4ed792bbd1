// `chatbot-kit/admin`: what a host needs of the admin API without depending on
// `@chatbot-kit/admin` itself (a package npm installs for chatbot-kit, not for the host).

/**
 * The admin router's type, for a typed `@trpc/client` (docs/admin.md): the core procedures and
 * the built-in plugins', which each plugin's types add (the named re-exports below bring them:
 * a bare `import type {}` would leave the emitted declarations).
 */
export type { AdminRouter, AdminCaller } from '@chatbot-kit/admin'
/** The admin procedures in-process, without HTTP or the access check: `createAdminCaller(chatbot)`. */
export { createAdminCaller } from '@chatbot-kit/admin'
/** What the built-in plugins' procedures take and answer. */
export type { AdminApproval, AdminToolInvocation, ApprovalListInput, FeedbackListInput, KnowledgeDocumentsInput, KnowledgeGapsInput, KnowledgeSearchInput, KnowledgeSyncInput, ReplyFeedback, RetentionPruneInput, UsageDailyInput, UsageDailyResult, UsageDay } from '../index.js'
