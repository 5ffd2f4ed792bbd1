import { parentPort, workerData } from 'node:worker_threads'
import { createEmbeddingClient, type EmbeddingModel } from '../embeddings/embedding-client.js'
import { createSimilarityIndex, type SimilarityIndex } from './similarity-index.js'
import type { ThreadReply, ThreadRequest } from './vector-thread.js'

// The vector thread (vector-thread.ts says why): it embeds a question and scans the vectors the
// main thread loaded and handed over, while the main thread runs the full-text search.

const port = parentPort!
const client = createEmbeddingClient((workerData as { model: EmbeddingModel }).model)
let loaded: { signature: string; index: SimilarityIndex } | undefined

async function answer({ id, question, vector, sources, limit }: Extract<ThreadRequest, { kind: 'scan' }>): Promise<ThreadReply> {
  try {
    const query = vector ?? (await client.embed([question!]))[0]!
    const index = loaded?.index.dimensions === query.length ? loaded : undefined
    return { id, vector: query, ...(index && sources.length > 0 && { signature: index.signature, hits: index.index.search(query, sources, limit) }) }
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) }
  }
}

port.on('message', (request: ThreadRequest) => {
  if (request.kind === 'load') loaded = { signature: request.signature, index: createSimilarityIndex(request.rows) }
  else void answer(request).then((reply) => port.postMessage(reply))
})
