import type { EmbeddingClient } from './embedding-client.js'

/** Distinct questions whose embeddings a process keeps (the least recently asked go first). */
export const QUESTIONS_KEPT = 1024

/**
 * The embeddings of questions asked before, by endpoint, model, dimensions and exact text: a help
 * site's visitors ask the same few questions often, and a kept one costs no round trip. The same
 * model returns the same vector for the same text, so a hit is the vector the request would bring
 * (docs/knowledge.md, "Speed"). One per process, shared by every knowledge service in it, so the
 * bound holds however many apps it runs. A failed request is not kept: the next turn asks again.
 */
export function createQuestionEmbeddings(kept = QUESTIONS_KEPT) {
  const vectors = new Map<string, Float32Array>()

  return {
    async embed(client: EmbeddingClient, question: string): Promise<Float32Array> {
      const { baseUrl, model, dimensions } = client.model
      const key = JSON.stringify([baseUrl, model, dimensions ?? null, question])
      const hit = vectors.get(key)
      if (hit) {
        // Asked again: it moves to the back of the eviction order.
        vectors.delete(key)
        vectors.set(key, hit)
        return hit
      }
      const [vector] = await client.embed([question])
      vectors.set(key, vector!)
      if (vectors.size > kept) vectors.delete(vectors.keys().next().value!)
      return vector!
    },
    get size() {
      return vectors.size
    },
  }
}

/** The process' own. */
export const questionEmbeddings = createQuestionEmbeddings()
