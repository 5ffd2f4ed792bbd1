import { postJson } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDemoProvider } from './server.js'
import type { DemoProvider } from './types.js'

interface EmbeddingsBody {
  object: string
  data: { object: string; index: number; embedding: number[] }[]
  model: string
  usage: { prompt_tokens: number; total_tokens: number }
}

let provider: DemoProvider
beforeAll(async () => {
  provider = await createDemoProvider()
})
afterAll(() => provider.close())

const embeddings = (body: unknown) => postJson(`${provider.url}/embeddings`, body)
const vectors = async (input: string[], dimensions?: number) =>
  ((await (await embeddings({ model: 'demo-embedding', input, ...(dimensions && { dimensions }) })).json()) as EmbeddingsBody).data.map((item) => item.embedding)
const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * b[index]!, 0)

describe('POST /v1/embeddings', () => {
  test('answers in OpenAI’s wire format, one unit vector per input, in order, and records the request', async () => {
    const response = await embeddings({ model: 'text-embedding-3-small', input: ['Return policy', 'Shipping times'] })
    expect(response.status).toBe(200)
    const body = (await response.json()) as EmbeddingsBody
    expect(body).toMatchObject({ object: 'list', model: 'text-embedding-3-small', usage: { prompt_tokens: 8, total_tokens: 8 } })
    expect(body.data.map(({ object, index, embedding }) => [object, index, embedding.length])).toEqual([['embedding', 0, 256], ['embedding', 1, 256]])
    for (const { embedding } of body.data) expect(Math.hypot(...embedding)).toBeCloseTo(1, 10)
    expect(provider.embeddingRequests.at(-1)).toEqual({ model: 'text-embedding-3-small', input: ['Return policy', 'Shipping times'], dimensions: 256, encodingFormat: 'float' })
  })

  test('is deterministic, honours dimensions, and puts related texts closer than unrelated ones', async () => {
    const [policy, again, returns, weather] = await vectors(['What is your return policy?', 'What is your return policy?', 'Returning an item: our policy', 'Sunny weather in Oslo tomorrow'], 64)
    expect(policy).toHaveLength(64)
    expect(again).toEqual(policy)
    expect(cosine(policy!, returns!)).toBeGreaterThan(cosine(policy!, weather!) + 0.2)
    // A single string is one input.
    expect(((await (await embeddings({ input: 'one', dimensions: 8 })).json()) as EmbeddingsBody).data).toHaveLength(1)
  })

  test('serves encoding_format "base64": the same vectors as little-endian float32 bytes', async () => {
    const input = ['Return policy', 'Shipping times to Oslo']
    const [floats, encoded] = await Promise.all(['float', 'base64'].map(async (encoding_format) => ((await (await embeddings({ input, dimensions: 32, encoding_format })).json()) as { data: { embedding: unknown }[] }).data.map((item) => item.embedding)))
    const decoded = (encoded as string[]).map((text) => {
      const bytes = Buffer.from(text, 'base64')
      return Array.from({ length: bytes.length / 4 }, (_, index) => bytes.readFloatLE(index * 4))
    })
    expect(decoded).toEqual((floats as number[][]).map((vector) => vector.map(Math.fround)))
    expect(provider.embeddingRequests.at(-1)?.encodingFormat).toBe('base64')
  })

  test.each([
    [{ input: 'x', encoding_format: 'int8' }, 'The `encoding_format` must be "float" or "base64".'],
    [{ model: 'm' }, 'The `input` must be a string or a non-empty array of strings'],
    [{ input: [1, 2, 3] }, 'token arrays are not supported'],
    [{ input: ['ok', ''] }, 'must not contain an empty string'],
    [{ input: 'x', dimensions: 0 }, 'The `dimensions` must be an integer from 1 to 4096.'],
    ['not json', 'The body must be a JSON object.'],
  ])('refuses %j with a 400 naming the problem', async (body, message) => {
    const before = provider.embeddingRequests.length
    const response = typeof body === 'string' ? await fetch(`${provider.url}/embeddings`, { method: 'POST', body }) : await embeddings(body)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string; type: string } }).error).toMatchObject({ message: expect.stringContaining(message), type: 'invalid_request_error' })
    expect(provider.embeddingRequests).toHaveLength(before)
  })
})
