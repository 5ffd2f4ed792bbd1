import { describe, expect, it } from 'vitest'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import { sql } from '@chatbot-kit/kernel/plugin'
import { databaseTargets } from '@chatbot-kit/test-utils'
import { writeCorpusFolder } from './fixtures/folder.js'
import { startKnowledge } from './setup.js'

// The pgvector path (storage/pgvector.ts, retrieval/pgvector-search.ts) runs only where Postgres
// has the `vector` extension; elsewhere the test is skipped and says why.

/** Whether this Postgres can run pgvector (`create extension vector` succeeds). */
async function pgvectorAvailable(): Promise<boolean> {
  const url = process.env.CHATBOT_TEST_POSTGRES_URL
  if (!url) return false
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(`select name from pg_available_extensions where name = 'vector'`)
    if (rows.length === 0) return false
    await client.query('create extension if not exists vector')
    return true
  } finally {
    await client.end()
  }
}

const hasPgvector = await pgvectorAvailable()
if (!hasPgvector) console.log('knowledge embeddings on Postgres with pgvector: skipped, this Postgres has no `vector` extension (pgvector); the in-process search covers Postgres here')

describe('knowledge embeddings on Postgres with pgvector', () => {
  const target = databaseTargets().find((candidate) => candidate.name === 'postgres')!
  it.skipIf(!hasPgvector)('fills the vector column on sync and finds the paraphrase through <=> (skipped where Postgres has no pgvector)', async () => {
    const created = await target.create()
    const folder = writeCorpusFolder()
    const provider = await createDemoProvider()
    const chatbot = await startKnowledge(created, { help: { type: 'files', path: folder.path } }, { knowledge: { embeddings: { model: 'demo-embedding', baseUrl: provider.url } } })
    try {
      const [report] = await chatbot.syncKnowledge()
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table('knowledge_chunks')} where embedding_vector is not null`.execute(chatbot.db)
      expect(Number(rows[0]!.n)).toBe(report!.chunks)
      const { results } = await chatbot.searchKnowledge('delivered overseas')
      expect(results[0]?.document).toBe('shipping/delivery-times.md')
    } finally {
      await chatbot.close()
      await provider.close()
      await created.drop()
      folder.remove()
    }
  })
})

