import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { PluginApi, Turn } from '@chatbot-kit/kernel'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import { listenNode, type Listener } from '@chatbot-kit/test-utils'
import { createEmbeddingClient, fromBase64, type EmbeddingModel } from '../src/embeddings/embedding-client.js'
import { createQuestionEmbeddings } from '../src/embeddings/question-embeddings.js'
import type { RetrievalIndex } from '../src/retrieval/retrieve.js'
import { retrieveForTurn } from '../src/turn/retrieve-for-turn.js'

// A question's embedding on the turn's path: base64 on the wire (and endpoints that do not
// speak it), the kept embeddings of questions asked before, and the request leaving at turn:start.

type DemoProvider = Awaited<ReturnType<typeof createDemoProvider>>

let provider: DemoProvider
beforeAll(async () => {
  provider = await createDemoProvider()
})
afterAll(() => provider.close())

const modelAt = (baseUrl: string, model = 'demo-embedding', dimensions: number | undefined = 64): EmbeddingModel => ({ model, baseUrl, apiKey: undefined, dimensions, batchSize: 8 })

/** An endpoint that answers numbers whatever it is asked, or refuses `encoding_format` with a 400. */
function floatOnlyEndpoint(kind: 'ignores' | 'refuses', asked: unknown[]): Promise<Listener> {
  return listenNode((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(text) as { input: string[]; encoding_format?: string }
      asked.push(body.encoding_format)
      if (kind === 'refuses' && body.encoding_format !== undefined) return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"Unrecognized request argument supplied: encoding_format"}}')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: body.input.map((_, index) => ({ index, embedding: [0.5, -0.25, 0.125] })) }))
    })
  })
}

describe('the embedding client', () => {
  it('asks for base64 and reads exactly the vectors the float form carries', async () => {
    const texts = ['What is your return policy?', 'Shipping to Norway', 'kayak']
    const client = createEmbeddingClient(modelAt(provider.url, 'demo-embedding', 256))
    const vectors = await client.embed(texts)
    expect(provider.embeddingRequests.at(-1)).toMatchObject({ input: texts, encodingFormat: 'base64' })
    const response = await fetch(`${provider.url}/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'demo-embedding', input: texts, dimensions: 256 }) })
    const floats = ((await response.json()) as { data: { embedding: number[] }[] }).data.map((item) => Float32Array.from(item.embedding))
    expect(vectors).toEqual(floats)
    expect(vectors[0]!.some((value) => value !== 0)).toBe(true)
  })

  it('refuses base64 that is not float32 values', () => {
    expect(fromBase64(Buffer.from(Float32Array.of(1.5, -2).buffer).toString('base64'))).toEqual(Float32Array.of(1.5, -2))
    expect(fromBase64('AAAA*AAA')).toBeUndefined()
    expect(fromBase64('AAAAAAA=')).toBeUndefined()
  })

  it.each(['ignores', 'refuses'] as const)('works with an endpoint that %s encoding_format', async (kind) => {
    const asked: unknown[] = []
    const endpoint = await floatOnlyEndpoint(kind, asked)
    try {
      const client = createEmbeddingClient(modelAt(endpoint.url, 'float-only', 3))
      expect(await client.embed(['one'])).toEqual([Float32Array.of(0.5, -0.25, 0.125)])
      expect(await client.embed(['two'])).toEqual([Float32Array.of(0.5, -0.25, 0.125)])
      // One that refuses it is asked once, then never again.
      expect(asked).toEqual(kind === 'ignores' ? ['base64', 'base64'] : ['base64', undefined, undefined])
    } finally {
      await endpoint.close()
    }
  })
})

describe('the kept question embeddings', () => {
  it('answer a question asked again with the same vector and no request, per model and dimensions', async () => {
    const kept = createQuestionEmbeddings(8)
    const client = createEmbeddingClient(modelAt(provider.url))
    const first = await kept.embed(client, 'return policy')
    expect(await kept.embed(client, 'return policy')).toBe(first)
    expect(client.requests).toBe(1)
    // Another model or size at the same endpoint is another vector; an exact text only.
    const other = createEmbeddingClient(modelAt(provider.url, 'demo-embedding-2'))
    const smaller = createEmbeddingClient(modelAt(provider.url, 'demo-embedding', 32))
    await kept.embed(other, 'return policy')
    expect((await kept.embed(smaller, 'return policy')).length).toBe(32)
    await kept.embed(client, 'Return policy')
    expect([client.requests, other.requests, smaller.requests]).toEqual([2, 1, 1])
    expect(kept.size).toBe(4)
  })

  it('keep at most their bound, the least recently asked leaving first', async () => {
    const kept = createQuestionEmbeddings(3)
    const client = createEmbeddingClient(modelAt(provider.url))
    for (const question of ['a1', 'b2', 'c3']) await kept.embed(client, question)
    await kept.embed(client, 'a1')
    await kept.embed(client, 'd4')
    expect(kept.size).toBe(3)
    expect(client.requests).toBe(4)
    await kept.embed(client, 'a1')
    expect(client.requests).toBe(4)
    await kept.embed(client, 'b2')
    expect(client.requests).toBe(5)
  })

  it('do not keep a failed embedding', async () => {
    let fail = true
    const endpoint = await listenNode((req, res) => {
      req.resume()
      req.on('end', () => {
        if (fail) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}')
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"index":0,"embedding":[1,0]}]}')
      })
    })
    try {
      const kept = createQuestionEmbeddings(8)
      const client = createEmbeddingClient(modelAt(endpoint.url, 'flaky', 2))
      await expect(kept.embed(client, 'return policy')).rejects.toThrow(/answered 500/)
      expect(kept.size).toBe(0)
      fail = false
      expect(await kept.embed(client, 'return policy')).toEqual(Float32Array.of(1, 0))
      expect(client.requests).toBe(2)
    } finally {
      await endpoint.close()
    }
  })
})

describe('turn:start', () => {
  it('has sent the embedding request when the turn goes on', async () => {
    // The endpoint runs in a process of its own: it sees the request while this thread is blocked,
    // as the turn's synchronous SQLite work blocks it, only if the request left before.
    const endpoint = spawn(process.execPath, ['-e', `
      const server = require('node:http').createServer((req, res) => {
        console.log('arrived ' + Date.now())
        req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"index":0,"embedding":[1,0]}]}'))
      })
      server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port))`])
    const lines = createInterface({ input: endpoint.stdout })[Symbol.asyncIterator]()
    const next = async () => ((await lines.next()).value as string).split(' ')
    try {
      const [, port] = await next()
      const client = createEmbeddingClient(modelAt(`http://127.0.0.1:${port}/v1`, 'm', 2))
      // The kept-alive connection is open, as on every turn after the first.
      await client.embed(['warm'])
      await next()
      const api = { config: { knowledge: { sources: { docs: {} } } } } as unknown as PluginApi
      let embedding: Promise<Float32Array> | undefined
      const index = { vectors: { embed: (question: string) => (embedding = client.embed([question]).then(([vector]) => vector!)) } } as unknown as RetrievalIndex
      const { startEmbedding } = retrieveForTurn(api, index)
      await startEmbedding({ message: 'return policy', continuation: false, settings: {} } as unknown as Turn)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
      const unblocked = Date.now()
      expect(await embedding).toEqual(Float32Array.of(1, 0))
      const [, arrived] = await next()
      expect(Number(arrived)).toBeLessThan(unblocked)
    } finally {
      endpoint.kill()
    }
  })
})
