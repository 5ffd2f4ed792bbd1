import { createHash, randomUUID } from 'node:crypto'
import { chunkDocument } from '../ingest/chunk.js'
import { parseDocument } from '../ingest/parse-document.js'
import { listDocuments, type ListOptions } from '../sources/list-documents.js'
import type { KnowledgeSource } from '../sources/source-config.js'
import { reasonOf, type SourceDocument } from '../sources/source-document.js'
import type { EmbeddingClient } from '../embeddings/embedding-client.js'
import { embeddingText } from '../embeddings/embedding-text.js'
import { deleteDocuments, replaceDocument, replaceEmbeddings, storedDocuments, type StoredDocument } from '../storage/documents.js'
import { usesPgvector } from '../storage/pgvector.js'
import { documentChunks, staleEmbeddings } from '../storage/stale-embeddings.js'
import { acquireLease, finishSync, renewLease } from '../storage/sync-state.js'
import type { ChatbotDb } from '../storage/tables.js'
import { emptyReport, type SourceSyncReport } from './sync-report.js'

/** A sync holds its source's lease this long, renewed after each document: a dead process frees it by itself. */
export const LEASE_SECONDS = 120

export interface SyncProgress {
  source: string
  done: number
  total: number
  document: string
}

export interface SyncSourceOptions extends ListOptions {
  full: boolean
  /** Set when embeddings are on: new chunks are embedded, and chunks another model embedded are re-embedded. */
  embedder?: EmbeddingClient
  onProgress?: (progress: SyncProgress) => void
}

/** The fallback title: the file or page name without its extension. */
const nameOf = (document: string) => decodeURIComponent(document.replace(/[?#].*$/, '').replace(/\/$/, '').split('/').pop() ?? document).replace(/\.[^.]+$/, '') || document

/**
 * Syncs one source under its lease: lists its documents, reads each, and writes only what
 * changed (by SHA-256 of the bytes; `full` rewrites every one), each document in one
 * transaction. A document that fails is reported and skipped, its indexed version kept; one no
 * longer listed is removed (unless the listing itself was incomplete).
 */
export async function syncSource(db: ChatbotDb, name: string, source: KnowledgeSource, options: SyncSourceOptions): Promise<SourceSyncReport> {
  const started = performance.now()
  const report = emptyReport(name)
  const owner = randomUUID()
  if (!(await acquireLease(db, name, owner, LEASE_SECONDS))) return { ...report, status: 'busy' }
  try {
    const listing = await listDocuments(source, options)
    report.failures.push(...listing.failures)
    const stored = await storedDocuments(db, name)
    const pgvector = options.embedder ? await usesPgvector(db) : false
    const stale = options.embedder ? await staleEmbeddings(db, name, options.embedder.model, pgvector) : new Set<number>()
    const requestsBefore = options.embedder?.requests ?? 0
    const failed = new Set(listing.failures.map((failure) => failure.document))
    let done = 0
    for (const document of listing.documents) {
      options.onProgress?.({ source: name, done: done++, total: listing.documents.length, document: document.document })
      try {
        await syncDocument(db, name, document, stored.get(document.document), { ...options, stale, pgvector }, report)
      } catch (error) {
        failed.add(document.document)
        report.failures.push({ document: document.document, reason: reasonOf(error) })
      }
      // Lost when one document took longer than the lease and another sync took the source over.
      if (!(await renewLease(db, name, owner, LEASE_SECONDS))) throw new Error(`another sync took over the source (its lease of ${LEASE_SECONDS} s ran out)`)
    }
    if (listing.complete) {
      const listed = new Set(listing.documents.map((document) => document.document))
      const gone = [...stored].filter(([document]) => !listed.has(document) && !failed.has(document)).map(([, { id }]) => id)
      await deleteDocuments(db, gone)
      report.removed = gone.length
    }
    report.embeddingRequests = (options.embedder?.requests ?? 0) - requestsBefore
  } catch (error) {
    report.status = 'failed'
    report.failures.push({ document: source.type === 'files' ? source.path : source.type === 'sitemap' ? source.url : name, reason: reasonOf(error) })
  } finally {
    await finishSync(db, name, owner, report.failures)
  }
  return { ...report, durationMs: Math.round(performance.now() - started) }
}

interface DocumentOptions {
  full: boolean
  embedder?: EmbeddingClient
  /** Documents with chunks another model (or none) embedded. */
  stale: ReadonlySet<number>
  pgvector: boolean
}

async function syncDocument(db: ChatbotDb, name: string, document: SourceDocument, stored: StoredDocument | undefined, options: DocumentOptions, report: SourceSyncReport): Promise<void> {
  const { bytes, format } = await document.read()
  const hash = createHash('sha256').update(bytes).digest('hex')
  const { embedder } = options
  if (stored && stored.hash === hash && !options.full) {
    if (embedder && options.stale.has(stored.id)) await reembed(db, stored.id, embedder, options.pgvector)
    report.unchanged++
    return
  }
  const parsed = await parseDocument(bytes, format, nameOf(document.document))
  const chunks = chunkDocument(parsed, document.url)
  // Embedded before the transaction: an endpoint that fails leaves the indexed version as it was.
  const embeddings = embedder && { model: embedder.model.model, vectors: await embedder.embed(chunks.map(embeddingText)), pgvector: options.pgvector }
  await replaceDocument(db, { source: name, document: document.document, url: document.url, title: parsed.title, hash, chunks, ...(embeddings && { embeddings }) }, new Date())
  report.chunks += chunks.length
  if (stored) report.changed++
  else report.added++
}

/** An unchanged document whose chunks another model embedded: only the vectors are rewritten. */
async function reembed(db: ChatbotDb, documentId: number, embedder: EmbeddingClient, pgvector: boolean): Promise<void> {
  const chunks = await documentChunks(db, documentId)
  const vectors = await embedder.embed(chunks.map(embeddingText))
  await replaceEmbeddings(db, chunks.map((chunk) => Number(chunk.id)), { model: embedder.model.model, vectors, pgvector })
}
