import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import { listenNode } from '@chatbot-kit/test-utils'
import { createEmbeddingClient, type EmbeddingModel } from '../src/embeddings/embedding-client.js'
import { ChatbotKnowledgeEmbeddingException } from '../src/errors.js'
import { createSimilarityIndex } from '../src/retrieval/similarity-index.js'
import { createVectorThread, VectorThreadStopped } from '../src/retrieval/vector-thread.js'
import type { VectorRows } from '../src/retrieval/vector-rows.js'

// The vector thread (src/retrieval/vector-thread.ts) runs the built worker (dist/retrieval/
// vector-worker.js): `npm test` builds first. What it answers must be what this thread computes.

type DemoProvider = Awaited<ReturnType<typeof createDemoProvider>>

let provider: DemoProvider
beforeAll(async () => {
  provider = await createDemoProvider()
})
afterAll(() => provider.close())

const modelAt = (baseUrl: string, dimensions = 32): EmbeddingModel => ({ model: 'demo-embedding', baseUrl, apiKey: undefined, dimensions, batchSize: 8 })

/** `count` unit vectors of `dimensions`, in two sources, from a fixed seed. */
function rowsOf(count: number, dimensions: number): VectorRows {
  let seed = 7
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1
  const vectors = Float32Array.from({ length: count * dimensions }, random)
  for (let row = 0; row < count; row++) {
    const vector = vectors.subarray(row * dimensions, (row + 1) * dimensions)
    const norm = Math.hypot(...vector)
    vector.forEach((value, at) => (vector[at] = value / norm))
  }
  return { ids: Float64Array.from({ length: count }, (_, row) => 1000 + row), sources: Array.from({ length: count }, (_, row) => (row % 3 === 0 ? 'blog' : 'help')), dimensions, vectors }
}

const copyOf = (rows: VectorRows): VectorRows => ({ ...rows, ids: rows.ids.slice(), vectors: rows.vectors.slice(), sources: [...rows.sources] })

describe('the vector thread', () => {
  it('scans the rows it was handed exactly as this thread does, for every source and for one', async () => {
    const rows = rowsOf(500, 32)
    const here = createSimilarityIndex(copyOf(rows))
    const thread = createVectorThread(modelAt(provider.url))
    try {
      thread.load('demo-embedding:32:v1', copyOf(rows))
      expect(thread.loadedSignature).toBe('demo-embedding:32:v1')
      const query = rows.vectors.slice(64, 96).map((value, at) => value + (at % 2 ? 0.1 : -0.1))
      const all = await thread.scan(query, ['help', 'blog'], 10)
      expect(all).toMatchObject({ signature: 'demo-embedding:32:v1', vector: query })
      expect(all.hits).toEqual(here.search(query, ['help', 'blog'], 10))
      expect(all.hits![0]!.id).toBe(1002)
      const blog = await thread.scan(query, ['blog'], 5)
      expect(blog.hits).toEqual(here.search(query, ['blog'], 5))
      expect(blog.hits!.every((hit) => (hit.id - 1000) % 3 === 0)).toBe(true)
    } finally {
      await thread.close()
    }
  })

  it('embeds a question there as the embedding client does here, and scans nothing without sources or rows', async () => {
    const thread = createVectorThread(modelAt(provider.url))
    try {
      const [expected] = await createEmbeddingClient(modelAt(provider.url)).embed(['What is your return policy?'])
      const asked = await thread.scan('What is your return policy?', ['help'], 10)
      expect(asked.vector).toEqual(expected)
      expect(asked.hits).toBeUndefined()
      thread.load('demo-embedding:32:v1', rowsOf(20, 32))
      expect((await thread.scan('shipping', [], 10)).hits).toBeUndefined()
      // Rows of another size than the question's: no hits, the caller loads the right ones.
      thread.load('demo-embedding:16:v1', rowsOf(20, 16))
      expect((await thread.scan('shipping', ['help'], 10)).hits).toBeUndefined()
    } finally {
      await thread.close()
    }
  })

  it("rejects a failed embedding with the endpoint's answer, as the embedding error", async () => {
    const endpoint = await listenNode((req, res) => {
      req.resume()
      req.on('end', () => void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}'))
    })
    const thread = createVectorThread(modelAt(endpoint.url))
    try {
      const failed = thread.scan('return policy', ['help'], 10)
      await expect(failed).rejects.toBeInstanceOf(ChatbotKnowledgeEmbeddingException)
      await expect(failed).rejects.toThrow(/demo-embedding.*answered 500: .*overloaded/)
      // The thread itself goes on.
      expect(thread.stopped).toBeUndefined()
    } finally {
      await thread.close()
      await endpoint.close()
    }
  })

  it('stops for good when its worker cannot start or is closed, rejecting what waits', async () => {
    const missing = createVectorThread(modelAt(provider.url), () => new URL('file:///nowhere/vector-worker.js'))
    await expect(missing.scan('return policy', ['help'], 10)).rejects.toBeInstanceOf(VectorThreadStopped)
    expect(missing.stopped).toBeInstanceOf(Error)
    const thread = createVectorThread(modelAt(provider.url))
    const pending = expect(thread.scan('return policy', ['help'], 10)).rejects.toBeInstanceOf(VectorThreadStopped)
    await thread.close()
    await pending
    await expect(thread.scan('return policy', ['help'], 10)).rejects.toThrow(/closed/)
  })
})
