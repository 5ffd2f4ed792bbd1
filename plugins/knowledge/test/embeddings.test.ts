import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Chatbot } from '@chatbot-kit/kernel'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import { describeEachDatabase, listenNode, type CreatedDatabase, type Listener } from '@chatbot-kit/test-utils'
import { createEmbeddingClient } from '../src/embeddings/embedding-client.js'
import { createVectorIndex } from '../src/retrieval/vector-index.js'
import { withKnowledge, type ChatbotDb } from '../src/storage/tables.js'
import { writeCorpusFolder } from './fixtures/folder.js'
import { indexSnapshot, startKnowledge } from './setup.js'

// Embeddings through a real loopback endpoint (the demo provider's deterministic one): what sync
// sends, what it skips, what a failing endpoint leaves behind, and what vectors find that words do not.

type DemoProvider = Awaited<ReturnType<typeof createDemoProvider>>

/** An OpenAI-compatible endpoint answering every text with the same 3-number vector, or a 500. */
function brokenEndpoint(kind: 'wrong-size' | 'status'): Promise<Listener> {
  return listenNode((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (kind === 'status') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}')
      const input = (JSON.parse(body) as { input: string[] }).input
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: input.map((_, index) => ({ index, embedding: [0.1, 0.2, 0.3] })) }))
    })
  })
}

const embedded = (provider: DemoProvider) => provider.embeddingRequests.flatMap((request) => request.input).length

describeEachDatabase('knowledge embeddings', { label: 'a folder embedded through the demo provider' }, (target) => {
  let created: CreatedDatabase
  let folder: ReturnType<typeof writeCorpusFolder>
  let provider: DemoProvider
  let chatbot: Chatbot
  const start = (embeddings: Record<string, unknown>) => startKnowledge(created, { help: { type: 'files', path: folder.path } }, { knowledge: { embeddings: { baseUrl: provider.url, batchSize: 4, ...embeddings } } })

  beforeAll(async () => {
    provider = await createDemoProvider()
  })
  afterAll(() => provider.close())
  beforeEach(async () => {
    created = await target.create()
    folder = writeCorpusFolder()
    provider.embeddingRequests.length = 0
  })
  afterEach(async () => {
    await chatbot.close()
    await created.drop()
    folder.remove()
  })

  it('embeds every chunk in batches, then nothing for an unchanged source and only the edited file’s chunks', async () => {
    chatbot = await start({ model: 'demo-embedding', dimensions: 64 })
    const [first] = await chatbot.syncKnowledge()
    const chunks = first!.chunks
    expect(embedded(provider)).toBe(chunks)
    expect(first!.embeddingRequests).toBe(provider.embeddingRequests.length)
    expect(provider.embeddingRequests.every((request) => request.input.length <= 4 && request.dimensions === 64)).toBe(true)

    provider.embeddingRequests.length = 0
    const [again] = await chatbot.syncKnowledge()
    expect(provider.embeddingRequests).toHaveLength(0)
    expect(again).toMatchObject({ unchanged: again!.unchanged, embeddingRequests: 0, changed: 0 })

    folder.write('warranty.md', '# Warranty\n\n## Tents\nEvery tent carries a five-year warranty on seams and poles.\n\n## Boots\nBoots carry two years.')
    const [edited] = await chatbot.syncKnowledge()
    expect(edited).toMatchObject({ changed: 1, added: 0 })
    expect(embedded(provider)).toBe(edited!.chunks)
    expect(provider.embeddingRequests.flatMap((request) => request.input).every((text) => text.startsWith('Warranty'))).toBe(true)
  })

  it('re-embeds every chunk, and nothing else, when the model changes', async () => {
    chatbot = await start({ model: 'demo-embedding', dimensions: 64 })
    const [first] = await chatbot.syncKnowledge()
    const before = await indexSnapshot(chatbot)
    await chatbot.close()
    provider.embeddingRequests.length = 0
    chatbot = await start({ model: 'demo-embedding-2', dimensions: 64 })
    const [second] = await chatbot.syncKnowledge()
    expect(embedded(provider)).toBe(first!.chunks)
    expect(provider.embeddingRequests.every((request) => request.model === 'demo-embedding-2')).toBe(true)
    expect(second).toMatchObject({ added: 0, changed: 0, chunks: 0 })
    expect(await indexSnapshot(chatbot)).toEqual(before)
    provider.embeddingRequests.length = 0
    await chatbot.syncKnowledge()
    expect(provider.embeddingRequests).toHaveLength(0)
  })

  it.each(['wrong-size', 'status'] as const)('an endpoint that fails (%s) is reported per document and leaves the index as it was', async (kind) => {
    chatbot = await start({ model: 'demo-embedding', dimensions: 64 })
    await chatbot.syncKnowledge()
    const before = await indexSnapshot(chatbot)
    await chatbot.close()
    const broken = await brokenEndpoint(kind)
    try {
      folder.write('warranty.md', '# Warranty\n\nEvery tent now carries a five-year warranty.')
      chatbot = await start({ model: 'demo-embedding', dimensions: 64, baseUrl: broken.url })
      const [report] = await chatbot.syncKnowledge()
      expect(report!.failures).toHaveLength(1)
      expect(report!.failures[0]!.document).toBe('warranty.md')
      expect(report!.failures[0]!.reason).toMatch(kind === 'status' ? /demo-embedding.*answered 500/ : /3 dimensions, expected 64/)
      expect(await indexSnapshot(chatbot)).toEqual(before)
    } finally {
      await broken.close()
    }
  })

  it('a question that cannot be embedded is answered from full text alone, and says why', async () => {
    chatbot = await start({ model: 'demo-embedding' })
    await chatbot.syncKnowledge()
    await chatbot.close()
    const broken = await brokenEndpoint('status')
    try {
      chatbot = await start({ model: 'demo-embedding', baseUrl: broken.url })
      const found = await chatbot.searchKnowledge('return policy')
      expect(found.vectorFailure).toMatch(/demo-embedding.*answered 500/)
      expect(found.results[0]?.document).toBe('returns/index.md')
    } finally {
      await broken.close()
    }
  })

  it('an instance’s cached index follows a sync another instance ran', async () => {
    chatbot = await start({ model: 'demo-embedding' })
    await chatbot.syncKnowledge()
    expect((await chatbot.searchKnowledge('kayak rental')).results.map((result) => result.document)).not.toContain('kayaks.md')
    folder.write('kayaks.md', '# Kayak rental\n\nEvery store rents kayaks by the day.')
    const other = await start({ model: 'demo-embedding' })
    try {
      await other.syncKnowledge()
    } finally {
      await other.close()
    }
    expect((await chatbot.searchKnowledge('kayak rental')).results[0]?.document).toBe('kayaks.md')
  })

  it('finds a paraphrase sharing no word with the page only with vectors on', async () => {
    const question = 'delivered overseas'
    chatbot = await start({ model: 'demo-embedding' })
    await chatbot.syncKnowledge()
    const hybrid = await chatbot.searchKnowledge(question)
    await chatbot.close()
    chatbot = await startKnowledge(created, { help: { type: 'files', path: folder.path } })
    const fullText = await chatbot.searchKnowledge(question)
    console.log(`${target.name}: "${question}" full-text ${JSON.stringify(fullText.results.map((r) => [r.document, r.score]))}; hybrid ${JSON.stringify(hybrid.results.map((r) => [r.document, r.score]))}`)
    expect(fullText.results.map((result) => result.document)).not.toContain('shipping/delivery-times.md')
    expect(hybrid.results[0]?.document).toBe('shipping/delivery-times.md')
  })

  it('loads the vectors ahead of the first search (the warm-up): that search reads none', async () => {
    chatbot = await start({ model: 'demo-embedding', dimensions: 64 })
    await chatbot.syncKnowledge()
    const [query] = await createEmbeddingClient({ model: 'demo-embedding', baseUrl: provider.url, apiKey: undefined, dimensions: 64, batchSize: 4 }).embed(['return policy'])
    const preloaded = createVectorIndex(chatbot.db as unknown as ChatbotDb)
    await preloaded.preload('demo-embedding', 'v1')
    // Gone from the table, yet found: the preloaded index searches what it read before.
    await withKnowledge(chatbot.db as unknown as ChatbotDb).updateTable('knowledge_chunks').set({ embedding_model: null, embedding_dimensions: null, embedding: null }).execute()
    expect((await preloaded.search(query!, 'demo-embedding', ['help'], 50, 'v1')).length).toBeGreaterThan(0)
    expect(await createVectorIndex(chatbot.db as unknown as ChatbotDb).search(query!, 'demo-embedding', ['help'], 50, 'v1')).toEqual([])
    // A model with no vectors stored loads nothing.
    await createVectorIndex(chatbot.db as unknown as ChatbotDb).preload('demo-embedding', 'v2')
  })

  it('keeps a question’s vector hits with its kept vector, until the version or the sources change', async () => {
    chatbot = await start({ model: 'demo-embedding', dimensions: 64 })
    await chatbot.syncKnowledge()
    const index = createVectorIndex(chatbot.db as unknown as ChatbotDb)
    const [query] = await createEmbeddingClient({ model: 'demo-embedding', baseUrl: provider.url, apiKey: undefined, dimensions: 64, batchSize: 4 }).embed(['return policy'])
    const first = await index.search(query!, 'demo-embedding', ['help'], 50, 'v1')
    expect(first.length).toBeGreaterThan(0)
    expect(await index.search(query!, 'demo-embedding', ['help'], 50, 'v1')).toBe(first)
    // The same values in another array (a question not kept) are searched again, to the same hits.
    const copy = await index.search(Float32Array.from(query!), 'demo-embedding', ['help'], 50, 'v1')
    expect(copy).not.toBe(first)
    expect(copy).toEqual(first)
    for (const [sources, limit, version] of [[['help'], 50, 'v2'], [['help', 'blog'], 50, 'v1'], [['help'], 5, 'v1']] as const) {
      const other = await index.search(query!, 'demo-embedding', [...sources], limit, version)
      expect(other).not.toBe(first)
      expect(other).toEqual(first.slice(0, limit))
    }
  })
})
