import { approvalListInput, conversationListInput, gapListInput, type ApprovalFilterForm, type ConversationFilterForm, type GapFilterForm } from './filters.js'
import { session } from './session.svelte.js'

// Every call the views make, in one type-checked place: a change of the admin router's types
// shows here at `npm run typecheck` (the .svelte files are compiled, not type-checked).

const PAGE = 25
const api = () => session.client

/** The procedures and filters this server has (plugins add theirs). */
export const capabilities = () => api().capabilities.query()

export const overviewStats = (input: { from: string; to: string; channel?: string }) => api().stats.overview.query(input)

export const channelNames = async (): Promise<string[]> => (await api().channels.list.query()).map((channel) => channel.name)

export const conversationPage = (form: ConversationFilterForm, cursor: string | null) => api().conversations.list.query({ ...conversationListInput(form), limit: PAGE, cursor })

/** A conversation with its messages and their ratings, tool calls and approvals. */
export const transcript = (id: string) => api().conversations.get.query({ id })
export type Transcript = Awaited<ReturnType<typeof transcript>>

export const exportConversation = (id: string, format: 'markdown' | 'json') => api().conversations.export.query({ id, format })

export const deleteConversation = (id: string) => api().conversations.delete.mutate({ id })

export const feedbackPage = (filters: { rating: 'up' | 'down' | ''; channel: string }, cursor: string | null) =>
  api().feedback.list.query({ rating: filters.rating || undefined, channel: filters.channel || undefined, limit: PAGE, cursor })

export const approvalPage = (form: ApprovalFilterForm, cursor: string | null) => api().approvals.list.query({ ...approvalListInput(form), limit: PAGE, cursor })


/** Per knowledge source: documents, chunks, last sync, failures, whether a sync runs now. */
export const knowledgeSources = () => api().knowledge.sources.query()
export type KnowledgeSource = Awaited<ReturnType<typeof knowledgeSources>>[number]

/** Syncs one source (or all): answers once done, with each source's report. */
export const syncKnowledge = (source?: string) => api().knowledge.sync.mutate(source === undefined ? {} : { source })
export type SyncReport = Awaited<ReturnType<typeof syncKnowledge>>[number]

export const searchKnowledge = (query: string, channel: string) => api().knowledge.search.query({ query, ...(channel ? { channel } : {}) })
export type KnowledgeSearch = Awaited<ReturnType<typeof searchKnowledge>>

export const documentPage = (source: string, cursor: string | null) => api().knowledge.documents.query({ source, limit: PAGE, cursor })

export const gapPage = (form: GapFilterForm, cursor: string | null) => api().knowledge.gaps.query({ ...gapListInput(form), limit: PAGE, cursor })

/** Waiting and claimed conversations, the newest request first. */
export const handoffPage = (cursor: string | null) => api().handoff.list.query({ limit: PAGE, ...(cursor && { cursor }) })
export type HandoffItem = Awaited<ReturnType<typeof handoffPage>>['items'][number]

// `agent` left out: the host's authorize names the agent (docs/handoff.md).
const asAgent = (agent: string) => (agent ? { agent } : {})
export const claimHandoff = (conversationId: string, agent: string) => api().handoff.claim.mutate({ conversationId, ...asAgent(agent) })
export const replyHandoff = (conversationId: string, agent: string, text: string) => api().handoff.reply.mutate({ conversationId, text, ...asAgent(agent) })
export const releaseHandoff = (conversationId: string, agent: string) => api().handoff.release.mutate({ conversationId, ...asAgent(agent) })
