import type { AnyRouter } from '@trpc/server'
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import type { Chatbot, Conversation, Schema, StoredMessage } from '@chatbot-kit/kernel'
import type { DayRange } from '../queries/daily-activity.js'
import type { OverviewDay } from '../queries/overview.js'
import type { AdminMessage, ConversationDetail } from '../transcript/conversation-detail.js'

/**
 * The routers plugins add to the admin API, by namespace. Empty here: each plugin augments it
 * with its own (`declare module '@chatbot-kit/admin' { interface AdminProcedures { feedback:
 * typeof feedbackRouter } }`), so `AdminRouter` types every procedure of the plugins a program
 * imports, as Nitro's hook types widen with each module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminProcedures {}

/** A condition on the conversation (`c`) of `listConversations`: a plugin's filter. */
export type ConversationCondition = (eb: ExpressionBuilder<Schema & { c: Schema['conversations'] }, 'c'>, db: Kysely<Schema>) => Expression<SqlBool>

/** A filter a plugin adds to `conversations.list`, under the input field it is named by. */
export interface ConversationFilter<T = unknown> {
  /** The field's value; `undefined` leaves the list unfiltered. A bad one: `fail(field, problem)` (BAD_REQUEST). */
  parse(value: unknown, field: string): T | undefined
  /** The condition the value asks for. */
  where(value: T): ConversationCondition
}

/** What a plugin adds to one conversation's transcript. */
export interface TranscriptAdditions {
  /** Fields of `conversations.get`'s answer, after `messages` (the tools plugin's `toolInvocations`, `approvals`). */
  fields?: Partial<ConversationDetail>
  /** Fields of each message, after its own (the feedback plugin's `feedback`). */
  message?: (message: StoredMessage) => Partial<AdminMessage>
}

/** A plugin's part of the Markdown export of one conversation (`detail` holds every plugin's fields). */
export interface TranscriptMarkdown {
  /** Blocks between a message's heading and its text (the tool calls that led to a reply). */
  beforeText?(message: AdminMessage): string[][]
  /** Blocks after a message's text (the approvals it paused for, its rating). */
  afterText?(message: AdminMessage): string[][]
  /** Blocks after the last message. */
  end?(): string[][]
}

export interface TranscriptContribution {
  /** Reads its additions to a conversation (its messages are read already). */
  load(context: { chatbot: Chatbot; conversation: Conversation; messages: StoredMessage[] }): Promise<TranscriptAdditions>
  markdown?(detail: ConversationDetail): TranscriptMarkdown
}

/** Values a plugin adds to each day of `stats.overview` (the feedback plugin's thumbs up and down). */
export interface OverviewSeries {
  /** Its fields on a day without any, which is also their order: `{ feedbackUp: 0, feedbackDown: 0 }`. */
  empty: Partial<OverviewDay>
  /** Its values on the days of the range that have some. */
  days(db: Kysely<Schema>, range: DayRange): Promise<(Partial<OverviewDay> & { day: string })[]>
}

/**
 * What a plugin brings to the admin API, loaded with the first admin request (never at start-up,
 * so a plugin's procedures cost a server that never serves one nothing). Build its routers with
 * `router` and `adminProcedure` from `@chatbot-kit/admin/procedures`.
 */
export interface AdminContribution {
  /** Its routers, each under its own namespace (`{ feedback: feedbackRouter }`). */
  routers?: Record<string, AnyRouter>
  /** Filters of `conversations.list`, by input field (`{ hasDownRating: … }`). */
  conversationFilters?: Record<string, ConversationFilter>
  transcript?: TranscriptContribution
  overview?: OverviewSeries
}

/** Types an admin contribution. */
export const defineAdminContribution = <C extends AdminContribution>(contribution: C): C => contribution

declare module '@chatbot-kit/kernel' {
  interface ChatbotPlugin {
    /**
     * What the plugin adds to the admin API: `() => import('./admin/contribution.js').then((m) =>
     * m.contribution)`, called with the first admin request. See docs/admin.md.
     */
    admin?: () => Promise<AdminContribution>
  }
}
