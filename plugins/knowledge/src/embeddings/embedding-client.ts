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

/** What `send` returns when the endpoint answered 400 or 422 to a request asking for base64. */
const REFUSED = Symbol('refused')

const describe = (model: EmbeddingModel) => `the embedding model "${model.model}" at ${model.baseUrl}/embeddings`

/** Reads an OpenAI-compatible reply: `data[i].embedding` in `index` order, each of the expected size. */
function readVectors(body: unknown, count: number, size: number | undefined, model: EmbeddingModel): Float32Array[] {
  const data = (body as { data?: unknown } | null)?.data
  if (!Array.isArray(data) || data.length !== count) throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${count} texts.`)
  const ordered = [...data].sort((a: { index?: number }, b: { index?: number }) => (a.index ?? 0) - (b.index ?? 0))
  return ordered.map((item: { embedding?: unknown }) => {
    const vector = typeof item.embedding === 'string' ? fromBase64(item.embedding) : item.embedding
    if (!(vector instanceof Float32Array) && (!Array.isArray(vector) || !vector.every((value) => typeof value === 'number'))) throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} returned an embedding that is neither a list of numbers nor base64 of float32 values.`)
    if (size !== undefined && vector.length !== size) throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} returned vectors of ${vector.length} dimensions, expected ${size} (knowledge.embeddings.dimensions).`)
    return vector instanceof Float32Array ? vector : Float32Array.from(vector)
  })
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** `encoding_format: "base64"`'s form: little-endian float32 values; undefined when it is not that. */
export function fromBase64(text: string): Float32Array | undefined {
  if (!BASE64.test(text)) return undefined
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length % 4 !== 0) return undefined
  const vector = new Float32Array(bytes.length / 4)
  for (let at = 0; at < vector.length; at++) vector[at] = bytes.readFloatLE(at * 4)
  return vector
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

  // Vectors come as base64 (OpenAI's `encoding_format`): a quarter of the bytes, and no number to
  // parse. An endpoint that refuses the parameter gets the plain request from then on; one that
  // ignores it answers with numbers, which are read as well.
  let base64 = true

  async function request(input: string[]): Promise<Float32Array[]> {
    const vectors = await send(input, base64)
    if (vectors !== REFUSED) return vectors
    base64 = false
    return send(input, false) as Promise<Float32Array[]>
  }

  async function send(input: string[], asBase64: boolean): Promise<Float32Array[] | typeof REFUSED> {
    requests++
    const signal = AbortSignal.timeout(TIMEOUT_MS)
    let response: ProviderResponse
    let text: string
    try {
      response = await transport.post(headers, JSON.stringify({ model: model.model, input, ...(model.dimensions !== undefined && { dimensions: model.dimensions }), ...(asBase64 && { encoding_format: 'base64' }) }), signal)
      text = response.status >= 200 && response.status < 300 ? await readBody(response, signal) : (await response.text().catch(() => '')).slice(0, 200)
    } catch (error) {
      throw new ChatbotKnowledgeEmbeddingException(`${describe(model)} could not be reached: ${(error as Error).message}`, error)
    }
    if (asBase64 && (response.status === 400 || response.status === 422)) return REFUSED
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
