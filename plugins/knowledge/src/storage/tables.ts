import type { Generated } from 'kysely'
import type { PluginStorage } from '@chatbot-kit/kernel'

export interface KnowledgeDocumentsTable {
  id: Generated<number>
  source: string
  /** The path within a files source, or the page's URL. */
  document: string
  url: string | null
  title: string
  content_hash: string
  chunks: number
  synced_at: string
}

export interface KnowledgeChunksTable {
  id: Generated<number>
  document_id: number
  source: string
  position: number
  title: string
  heading: string | null
  /** The document's URL with the heading's `#fragment` when it has one. */
  url: string | null
  text: string
  /** The model and vector size that made `embedding`; null when embeddings are off. */
  embedding_model: string | null
  embedding_dimensions: number | null
  /** Float32 little-endian (storage/vector-bytes.ts). */
  embedding: Uint8Array | null
  /** The text's prompt line token counts (JSON, turn/chunk-lines.ts); null until counted for a chunk indexed before 1.2's counts. */
  line_tokens: string | null
}

export interface KnowledgeSyncStateTable {
  source: string
  lease_owner: string | null
  lease_until: string | null
  last_sync_at: string | null
  failures: string
}

export interface KnowledgeGapsTable {
  id: Generated<number>
  question: string
  normalized: string
  channel: string
  conversation_id: string | null
  created_at: string
}

export type KnowledgeSchema = {
  knowledge_documents: KnowledgeDocumentsTable
  knowledge_chunks: KnowledgeChunksTable
  knowledge_sync_state: KnowledgeSyncStateTable
  knowledge_gaps: KnowledgeGapsTable
}

/** The chatbot's database (`api.storage.db`). */
export type ChatbotDb = PluginStorage['db']
export type KnowledgeDb = ReturnType<typeof withKnowledge>

/** The plugin's tables, as `tables` declares them (prefix and schema apply; the FTS5 table is SQLite's only). */
export const KNOWLEDGE_TABLES = ['knowledge_documents', 'knowledge_chunks', 'knowledge_chunks_fts', 'knowledge_sync_state', 'knowledge_gaps']

export const withKnowledge = (db: ChatbotDb) => db.withTables<KnowledgeSchema>()
