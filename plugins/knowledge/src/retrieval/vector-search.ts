import type { EmbeddingClient } from '../embeddings/embedding-client.js'
import { questionEmbeddings } from '../embeddings/question-embeddings.js'
import { usesPgvector } from '../storage/pgvector.js'
import type { ChatbotDb } from '../storage/tables.js'
import { CANDIDATES } from './full-text.js'
import { pgvectorSearch } from './pgvector-search.js'
import type { VectorSearch } from './retrieve.js'
import type { VectorHit } from './similarity-index.js'
import { createVectorIndex, vectorSignature } from './vector-index.js'
import { loadVectorRows } from './vector-rows.js'
import { VectorThreadStopped, type VectorThread } from './vector-thread.js'

/**
 * The vector side of hybrid retrieval: questions embedded (and kept: question-embeddings.ts), then
 * searched with pgvector where Postgres has it, else in process: by `thread` while it runs
 * (vector-thread.ts), else on this thread. A turn asks for its question with the sources it
 * searches (`embed(question, sources)`): the thread then scans as soon as the vector arrives,
 * and the search that follows takes those hits.
 */
export function createVectorSearch(db: ChatbotDb, embedder: EmbeddingClient, thread: VectorThread | undefined, warn: (message: string) => void): VectorSearch {
  const { model } = embedder.model
  const index = createVectorIndex(db)
  const early = new WeakMap<Float32Array, { key: string; hits: VectorHit[] }>()
  const loading = new Map<string, Promise<void>>()
  const keyOf = (signature: string, sources: string[], limit: number) => JSON.stringify([signature, sources, limit])
  const onThread = () => thread !== undefined && thread.stopped === undefined
  let told = false

  /** True when `error` is the thread's own failure: the caller goes on without it (said once). */
  function fallsBack(error: unknown): boolean {
    if (!(error instanceof VectorThreadStopped)) return false
    if (!told) warn(`Knowledge: ${error.message}; vectors are searched on the main thread from now on.`)
    told = true
    return true
  }

  async function embed(question: string, sources?: string[]): Promise<Float32Array> {
    const kept = questionEmbeddings.kept(embedder.model, question)
    if (!onThread() || (kept && !sources)) return kept ?? questionEmbeddings.embed(embedder, question)
    try {
      const reply = await thread!.scan(kept ?? question, sources ?? [], CANDIDATES)
      if (!kept) questionEmbeddings.keep(embedder.model, question, reply.vector)
      if (reply.hits && sources) early.set(reply.vector, { key: keyOf(reply.signature!, sources, CANDIDATES), hits: reply.hits })
      return reply.vector
    } catch (error) {
      if (!fallsBack(error)) throw error
      return kept ?? questionEmbeddings.embed(embedder, question)
    }
  }

  /** The thread holding the rows `signature` names: read here (the database is this thread's) and handed over, once however many turns ask. */
  function loaded(signature: string, dimensions: number): Promise<void> {
    if (thread!.loadedSignature === signature) return Promise.resolve()
    let load = loading.get(signature)
    if (!load) {
      load = loadVectorRows(db, model, dimensions).then((rows) => thread!.load(signature, rows)).finally(() => loading.delete(signature))
      loading.set(signature, load)
    }
    return load
  }

  async function search(query: Float32Array, sources: string[], limit: number, version: string): Promise<VectorHit[]> {
    if (await usesPgvector(db)) return pgvectorSearch(db, query, model, sources, limit)
    const signature = vectorSignature(model, query.length, version)
    const found = early.get(query)
    if (found?.key === keyOf(signature, sources, limit)) return found.hits
    if (onThread()) {
      try {
        await loaded(signature, query.length)
        const reply = await thread!.scan(query, sources, limit)
        // Another version loaded meanwhile (a sync ended): this thread answers for this one.
        if (reply.signature === signature && reply.hits) return reply.hits
      } catch (error) {
        if (!fallsBack(error)) throw error
      }
    }
    return index.search(query, model, sources, limit, version)
  }

  return { embed, search }
}
