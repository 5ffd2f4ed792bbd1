import { createNodeTransport, type ProviderResponse } from '@chatbot-kit/provider'
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

  // The provider client's keep-alive transport: a question's embedding is on the turn's path,
  // and node:http answers it in about half of fetch's time.
  const transport = createNodeTransport(`${model.baseUrl}/embeddings`)
  const headers = { 'content-type': 'application/json', ...(model.apiKey && { authorization: `Bearer ${model.apiKey}` }) }

  async function request(input: string[]): Promise<Float32Array[]> {
    requests++
    const signal = AbortSignal.timeout(TIMEOUT_MS)
    let response: ProviderResponse
    let text: string
    try {
      response = await transport.post(headers, JSON.stringify({ model: model.model, input, ...(model.dimensions !== undefined && { dimensions: model.dimensions }) }), signal)
      text = response.status >= 200 && response.status < 300 ? await readBody(response, signal) : (await response.text().catch(() => '')).slice(0, 200)
    } catch (error) {
      throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} could not be reached: ${(error as Error).message}`, error)
    }
    if (response.status < 200 || response.status >= 300) throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} answered ${response.status}${text ? `: ${text}` : ''}`)
    let body: unknown = null
    try {
      body = JSON.parse(text)
    } catch {
      // readVectors names what is missing.
    }
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

/** A whole successful body as text; the timeout cuts a body that never ends. */
async function readBody(response: ProviderResponse, signal: AbortSignal): Promise<string> {
  const chunks: Uint8Array[] = []
  const cancel = () => response.body.cancel()
  signal.addEventListener('abort', cancel, { once: true })
  try {
    await response.body.read((chunk) => chunks.push(chunk) < 0)
  } finally {
    signal.removeEventListener('abort', cancel)
  }
  return Buffer.concat(chunks).toString('utf8')
}
