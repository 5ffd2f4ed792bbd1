/**
 * `POST /v1/embeddings`, offline: each text's character trigrams hashed into a fixed number of
 * dimensions and L2-normalised. Deterministic (same text, same vector, on every run and machine),
 * and texts that share words come out close, which is all a retrieval test or a demo needs.
 */

/** The vector size when the request names no `dimensions` (OpenAI's models accept the parameter too). */
export const DEFAULT_DIMENSIONS = 256
const MAX_DIMENSIONS = 4096
const MAX_INPUTS = 2048

export interface EmbeddingsRequest {
  model: string
  input: string[]
  dimensions: number
  /** `encoding_format`: each vector as a list of numbers, or as base64 of its little-endian float32 bytes. */
  encodingFormat: 'float' | 'base64'
}

/** The request body read as OpenAI does, or why it is refused (a 400). */
export function readEmbeddingsRequest(body: Record<string, unknown> | undefined): EmbeddingsRequest | string {
  if (!body) return 'The body must be a JSON object.'
  const input = typeof body.input === 'string' ? [body.input] : body.input
  if (!Array.isArray(input) || input.length === 0 || !input.every((text) => typeof text === 'string')) {
    return 'The `input` must be a string or a non-empty array of strings (token arrays are not supported here).'
  }
  if (input.length > MAX_INPUTS) return `The \`input\` may hold at most ${MAX_INPUTS} texts.`
  if (input.some((text) => text === '')) return 'The `input` must not contain an empty string.'
  const dimensions = body.dimensions ?? DEFAULT_DIMENSIONS
  if (!Number.isInteger(dimensions) || (dimensions as number) < 1 || (dimensions as number) > MAX_DIMENSIONS) {
    return `The \`dimensions\` must be an integer from 1 to ${MAX_DIMENSIONS}.`
  }
  const encodingFormat = body.encoding_format ?? 'float'
  if (encodingFormat !== 'float' && encodingFormat !== 'base64') return 'The `encoding_format` must be "float" or "base64".'
  return { model: typeof body.model === 'string' ? body.model : 'demo-embedding', input: input as string[], dimensions: dimensions as number, encodingFormat }
}

/** The response body for a valid request, in OpenAI's wire format. */
export function embeddingsJson(request: EmbeddingsRequest): unknown {
  const tokens = request.input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0)
  return {
    object: 'list',
    data: request.input.map((text, index) => {
      const vector = embed(text, request.dimensions)
      return { object: 'embedding', index, embedding: request.encodingFormat === 'base64' ? toBase64(vector) : vector }
    }),
    model: request.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  }
}

/** As OpenAI sends it: the vector's float32 values, little-endian, in base64 (a quarter of the JSON numbers' size). */
function toBase64(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4)
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4))
  return bytes.toString('base64')
}

/** Trigrams of the lower-cased, space-padded words, each adding ±1 to the dimension its hash picks. */
export function embed(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  const padded = ` ${text.toLowerCase().replace(/\s+/g, ' ').trim()} `
  for (let at = 0; at + 3 <= padded.length; at++) {
    const hash = fnv1a(padded.slice(at, at + 3))
    // The top bit picks the sign, so unrelated trigrams sharing a dimension tend to cancel out.
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1
  }
  const norm = Math.hypot(...vector) || 1
  return vector.map((value) => value / norm)
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
