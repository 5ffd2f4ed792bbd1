import type { EmbeddingClient, EmbeddingModel } from './embedding-client.js'

/** Distinct questions whose embeddings a process keeps (the least recently asked go first). */
export const QUESTIONS_KEPT = 1024

/**
 * The embeddings of questions asked before, by endpoint, model, dimensions and exact text: a help
 * site's visitors ask the same few questions often, and a kept one costs no round trip. The same
 * model returns the same vector for the same text, so a hit is the vector the request would bring
 * (docs/knowledge.md, "Speed"). One per process, shared by every knowledge service in it, so the
 * bound holds however many apps it runs. A failed request is not kept: the next turn asks again.
 */
export function createQuestionEmbeddings(bound = QUESTIONS_KEPT) {
  const vectors = new Map<string, Float32Array>()
  const keyOf = ({ baseUrl, model, dimensions }: EmbeddingModel, question: string) => JSON.stringify([baseUrl, model, dimensions ?? null, question])

  /** The kept embedding of `question`, which moves to the back of the eviction order. */
  function kept(model: EmbeddingModel, question: string): Float32Array | undefined {
    const key = keyOf(model, question)
    const hit = vectors.get(key)
    if (hit) {
      vectors.delete(key)
      vectors.set(key, hit)
    }
    return hit
  }

  /** Keeps `vector` as `question`'s embedding by `model`. */
  function keep(model: EmbeddingModel, question: string, vector: Float32Array) {
    vectors.set(keyOf(model, question), vector)
    if (vectors.size > bound) vectors.delete(vectors.keys().next().value!)
  }

  return {
    kept,
    keep,
    async embed(client: EmbeddingClient, question: string): Promise<Float32Array> {
      const hit = kept(client.model, question)
      if (hit) return hit
      const [vector] = await client.embed([question])
      keep(client.model, question, vector!)
      return vector!
    },
    get size() {
      return vectors.size
    },
  }
}

/** The process' own. */
export const questionEmbeddings = createQuestionEmbeddings()
