import type { ResolvedConfig } from '@chatbot-kit/kernel'
import { DEFAULT_BATCH_SIZE, type EmbeddingModel } from './embedding-client.js'

/** `knowledge.embeddings` with its defaults (the provider's `baseUrl` and `apiKey`), or undefined when off. */
export function embeddingModelOf(config: ResolvedConfig): EmbeddingModel | undefined {
  const { embeddings } = config.knowledge
  if (embeddings === false || !embeddings.model) return undefined
  return {
    model: embeddings.model,
    baseUrl: (embeddings.baseUrl ?? config.baseUrl).replace(/\/+$/, ''),
    apiKey: embeddings.apiKey ?? config.apiKey,
    dimensions: embeddings.dimensions,
    batchSize: embeddings.batchSize ?? DEFAULT_BATCH_SIZE,
  }
}
