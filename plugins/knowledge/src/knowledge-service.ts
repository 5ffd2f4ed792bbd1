import type { PluginApi } from '@chatbot-kit/kernel'
import { ChatbotKnowledgeUnknownSourceException } from './errors.js'
import { channelSources } from './retrieval/channel-sources.js'
import { createEmbeddingClient } from './embeddings/embedding-client.js'
import { embeddingModelOf } from './embeddings/embedding-model.js'
import { questionEmbeddings } from './embeddings/question-embeddings.js'
import { createIndexStatistics } from './retrieval/index-statistics.js'
import { retrieve, type Retrieval, type RetrievalIndex, type VectorSearch } from './retrieval/retrieve.js'
import { pgvectorSearch } from './retrieval/pgvector-search.js'
import { createVectorIndex } from './retrieval/vector-index.js'
import { usesPgvector } from './storage/pgvector.js'
import { sourceStatuses, type SourceStatus } from './storage/source-status.js'
import type { SourceSyncReport } from './sync/sync-report.js'
import type { SyncProgress } from './sync/sync-source.js'

export interface SyncKnowledgeOptions {
  /** Only this source (default: every source, one after the other). */
  source?: string
  /** Re-read, re-chunk and rewrite every document whatever its hash. */
  full?: boolean
  onProgress?: (progress: SyncProgress) => void
}

export interface SearchKnowledgeOptions {
  /** Search as this channel's turns do (its `knowledge` list); default every source. */
  channel?: string
  /** At most this many results (default `knowledge.topK`). */
  limit?: number
  /** Leave out chunks scoring under this (default `knowledge.minScore`; the console's search passes 0 to show the rest). */
  minScore?: number
}

/** A fetch waits this long for a document before it is reported and skipped. */
export const FETCH_TIMEOUT_MS = 15_000

export interface KnowledgeServiceOptions {
  /** Where a files source's relative `path` starts (default the working directory). */
  cwd?: string
  /** Per-document fetch timeout in ms (default FETCH_TIMEOUT_MS). */
  fetchTimeoutMs?: number
}

/** `chatbot.syncKnowledge`, `chatbot.knowledgeStatus` and `chatbot.searchKnowledge`, over the plugin API. */
export function createKnowledgeService(api: PluginApi, options: KnowledgeServiceOptions) {
  const { knowledge } = api.config
  const names = Object.keys(knowledge.sources)
  const db = api.storage.db
  const model = embeddingModelOf(api.config)
  const embedder = model && createEmbeddingClient(model)
  const index = createVectorIndex(db)
  const vectors: VectorSearch | undefined = embedder && {
    embed: (question) => questionEmbeddings.embed(embedder, question),
    async search(query, sources, limit, version) {
      if (await usesPgvector(db)) return pgvectorSearch(db, query, embedder.model.model, sources, limit)
      return index.search(query, embedder.model.model, sources, limit, version)
    },
    async warm(version) {
      if (!(await usesPgvector(db))) await index.preload(embedder.model.model, version)
    },
  }
  const retrievalIndex: RetrievalIndex = { statistics: createIndexStatistics(db), vectors }

  const syncKnowledge = async ({ source, full = false, onProgress }: SyncKnowledgeOptions = {}): Promise<SourceSyncReport[]> => {
    if (source !== undefined && !names.includes(source)) throw new ChatbotKnowledgeUnknownSourceException(source, names)
    // Loaded with the first sync: the parsers and the fetcher are not needed to answer a turn.
    const [{ syncSource }, { purgeRemovedSources }] = await Promise.all([import('./sync/sync-source.js'), import('./sync/purge-sources.js')])
    const reports: SourceSyncReport[] = []
    for (const name of source === undefined ? names : [source]) {
      const listOptions = { cwd: options.cwd ?? process.cwd(), maxDocumentBytes: knowledge.maxDocumentBytes, timeoutMs: options.fetchTimeoutMs ?? FETCH_TIMEOUT_MS, userAgent: 'chatbot-kit' }
      reports.push(await syncSource(db, name, knowledge.sources[name]!, { ...listOptions, full, ...(embedder && { embedder }), ...(onProgress && { onProgress }) }))
    }
    // A full sync also clears what sources removed from the config left behind.
    if (source === undefined) reports.push(...(await purgeRemovedSources(db, names)))
    return reports
  }

  const knowledgeStatus = (): Promise<SourceStatus[]> => sourceStatuses(db, names)

  const searchKnowledge = async (query: string, { channel, limit, minScore }: SearchKnowledgeOptions = {}): Promise<Retrieval> => {
    const sources = channel === undefined ? names : channelSources(names, api.settings(channel).knowledge)
    const retrieval = await retrieve(db, query, sources, { topK: limit ?? knowledge.topK, maxBytes: knowledge.maxBytes, minScore: minScore ?? knowledge.minScore }, retrievalIndex)
    // The line counts are the turn's business, not the search's answer.
    const { lines: _lines, ...answer } = retrieval
    return answer
  }

  return { syncKnowledge, knowledgeStatus, searchKnowledge, retrievalIndex }
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>

declare module '@chatbot-kit/kernel' {
  interface ChatbotServices {
    /** Syncs the knowledge sources (all, or one): `chatbot knowledge sync`. */
    syncKnowledge: KnowledgeService['syncKnowledge']
    /** Documents, chunks, last sync and failures per source: `chatbot knowledge status`. */
    knowledgeStatus: KnowledgeService['knowledgeStatus']
    /** What a turn would retrieve for `query`: `chatbot knowledge search`. */
    searchKnowledge: KnowledgeService['searchKnowledge']
  }
}
