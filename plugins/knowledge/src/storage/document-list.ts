import { fromStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { withKnowledge, type ChatbotDb } from './tables.js'
import { createTextCursor } from './text-cursor.js'

/** One indexed document, as `knowledge.documents` lists it. */
export interface IndexedDocument {
  /** The path within a files source, or the page's URL. */
  document: string
  url: string | null
  title: string
  chunks: number
  /** When its current version was indexed (ISO 8601 with offset). */
  syncedAt: string
}

export interface DocumentListPage {
  items: IndexedDocument[]
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}

export const MAX_DOCUMENT_PAGE = 200

const cursor = createTextCursor<[string]>('knowledge-documents', 1)

/**
 * A source's documents by name, keyset-paginated on the name: a document re-indexed while a
 * client pages keeps its place. A `RangeError` for a foreign cursor.
 */
export async function listDocuments(db: ChatbotDb, source: string, { limit = 50, cursor: after }: { limit?: number | undefined; cursor?: string | undefined } = {}): Promise<DocumentListPage> {
  let query = withKnowledge(db).selectFrom('knowledge_documents').select(['document', 'url', 'title', 'chunks', 'synced_at']).where('source', '=', source)
  if (after !== undefined) query = query.where('document', '>', cursor.decode(after)[0])
  const rows = await query.orderBy('document').limit(limit + 1).execute()
  const items = rows.slice(0, limit).map((row) => ({ document: row.document, url: row.url, title: row.title, chunks: Number(row.chunks), syncedAt: fromStoredTimestamp(row.synced_at) }))
  return { items, nextCursor: rows.length > limit ? cursor.encode([items.at(-1)!.document]) : null }
}
