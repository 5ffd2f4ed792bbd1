import type { ListPageInput } from '@chatbot-kit/admin'
import type { knowledgeRouter } from './knowledge-router.js'

export interface KnowledgeSyncInput {
  /** Only this source (default every source). */
  source?: string
}

export interface KnowledgeSearchInput {
  query: string
  /** Search as this channel's turns do (its `knowledge` list). */
  channel?: string
}

export interface KnowledgeDocumentsInput extends ListPageInput {
  source: string
}

export interface KnowledgeGapsInput extends ListPageInput {
  channel?: string
  /** ISO 8601: questions asked at or after it. */
  since?: string
  /** ISO 8601: questions asked before it. */
  until?: string
}

// What the plugin adds to the admin API's types (its procedures load with the first admin request: admin/contribution.ts).
declare module '@chatbot-kit/admin' {
  interface AdminProcedures {
    knowledge: typeof knowledgeRouter
  }
  interface OverviewDay {
    /** Questions recorded as gaps that day (`stats.overview`). */
    gaps: number
  }
}
