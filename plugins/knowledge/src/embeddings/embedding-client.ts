import { ChatbotKnowledgeEmbeddingException } from '../errors.js'

/** Texts per request when `knowledge.embeddings.batchSize` is unset. */
export const DEFAULT_BATCH_SIZE = 64
/** An embedding request waits this long before it fails. */
const TIMEOUT_MS = 60_000

export interface EmbeddingModel {
  model: string
  baseUrl: string
  apiKey: string | undefined
  /** Asked of the endpoint and checked; unset: whatever size the model returns (the same for every text). */
  dimensions: number | undefined
  batchSize: number
}

export interface EmbeddingClient {
  model: EmbeddingModel
  /** One vector per text, in order, `batchSize` texts a request; throws `knowledge_embedding_failed`. */
  embed(texts: string[]): Promise<Float32Array[]>
  /** Requests sent so far: what a sync reports. */
  readonly requests: number
}

const describe = (model: EmbeddingModel) => `the embedding model "${model.model}" at ${model.baseUrl}/embeddings`

/** Reads an OpenAI-compatible reply: `data[i].embedding` in `index` order, each of the expected size. */
function readVectors(body: unknown, count: number, size: number | undefined, model: EmbeddingModel): Float32Array[] {
  const data = (body as { data?: unknown } | null)?.data
  if (!Array.isArray(data) || data.length !== count) throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${count} texts.`)
  const ordered = [...data].sort((a: { index?: number }, b: { index?: number }) => (a.index ?? 0) - (b.index ?? 0))
  return ordered.map((item: { embedding?: unknown }) => {
    const vector = item.embedding
    if (!Array.isArray(vector) || !vector.every((value) => typeof value === 'number')) throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} returned an embedding that is not a list of numbers.`)
    if (size !== undefined && vector.length !== size) throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} returned vectors of ${vector.length} dimensions, expected ${size} (knowledge.embeddings.dimensions).`)
    return Float32Array.from(vector)
  })
}

/** A client of `POST {baseUrl}/embeddings` (OpenAI's wire format). */
export function createEmbeddingClient(model: EmbeddingModel): EmbeddingClient {
  let requests = 0
  // Unset dimensions: the first vector's size holds for the rest (a model never mixes sizes).
  let size = model.dimensions

  async function request(input: string[]): Promise<Float32Array[]> {
    requests++
    let response: Response
    try {
      response = await fetch(`${model.baseUrl}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(model.apiKey && { authorization: `Bearer ${model.apiKey}` }) },
        body: JSON.stringify({ model: model.model, input, ...(model.dimensions !== undefined && { dimensions: model.dimensions }) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} could not be reached: ${(error as Error).message}`, error)
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200)
      throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} answered ${response.status}${detail ? `: ${detail}` : ''}`)
    }
    const body: unknown = await response.json().catch(() => null)
    const vectors = readVectors(body, input.length, size, model)
    size ??= vectors[0]?.length
    return vectors
  }

  return {
    model,
    get requests() {
      return requests
    },
    async embed(texts) {
      const vectors: Float32Array[] = []
      for (let at = 0; at < texts.length; at += model.batchSize) vectors.push(...(await request(texts.slice(at, at + model.batchSize))))
      return vectors
    },
  }
}
