import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Chatbot } from '@chatbot-kit/kernel'
import { dialectOf, sql } from '@chatbot-kit/kernel/plugin'
import { databaseTargets, describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { CORPUS } from './fixtures/corpus.js'
import { writeCorpusFolder } from './fixtures/folder.js'
import { indexSnapshot, startKnowledge } from './setup.js'

// Sync of a folder of Markdown on each dialect and table layout: incremental by content hash,
// a changed document replaced whole, a removed one deleted, and one sync per source at a time.

describeEachDatabase('knowledge sync', { layouts: true, label: 'a folder source' }, (target) => {
  let created: CreatedDatabase
  let folder: ReturnType<typeof writeCorpusFolder>
  let chatbot: Chatbot

  beforeEach(async () => {
    created = await target.create()
    folder = writeCorpusFolder()
    chatbot = await startKnowledge(created, { help: { type: 'files', path: folder.path, baseUrl: 'https://shop.example/help/' } })
  })
  afterEach(async () => {
    await chatbot.close()
    await created.drop()
    folder.remove()
  })

  it('indexes every document, then re-syncs an unchanged folder with zero writes', async () => {
    const [first] = await chatbot.syncKnowledge()
    expect(first).toMatchObject({ source: 'help', status: 'synced', added: CORPUS.length, changed: 0, removed: 0, unchanged: 0, embeddingRequests: 0, failures: [] })
    expect(first!.chunks).toBeGreaterThan(CORPUS.length)
    const before = await indexSnapshot(chatbot)

    const [again] = await chatbot.syncKnowledge()
    expect(again).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: CORPUS.length, chunks: 0 })
    expect(await indexSnapshot(chatbot)).toEqual(before)

    const [status] = await chatbot.knowledgeStatus()
    expect(status).toMatchObject({ source: 'help', documents: CORPUS.length, chunks: first!.chunks, failures: [], syncing: false })
    expect(status!.lastSyncAt).toMatch(/\+00:00$/)
  })

  it('re-chunks only the edited document, deletes a removed one, and rewrites all with full', async () => {
    await chatbot.syncKnowledge()
    const before = await indexSnapshot(chatbot)
    // Searched before the edit: the search kept in process must not outlive the next sync.
    expect((await chatbot.searchKnowledge('Visa cards')).results[0]?.text).not.toBe('We take Visa only.')
    folder.write('payment.md', '# Paying\n\n## Cards\nWe take Visa only.\n')
    rmSync(join(folder.path, 'warranty.md'))

    const [report] = await chatbot.syncKnowledge()
    expect(report).toMatchObject({ added: 0, changed: 1, removed: 1, unchanged: CORPUS.length - 2, chunks: 1 })
    const after = await indexSnapshot(chatbot)
    expect(after.has('warranty.md')).toBe(false)
    expect(after.get('payment.md')).not.toEqual(before.get('payment.md'))
    for (const [document, chunks] of after) if (document !== 'payment.md') expect(chunks, document).toEqual(before.get(document))
    const search = await chatbot.searchKnowledge('Visa cards')
    expect(search.results[0]).toMatchObject({ document: 'payment.md', url: 'https://shop.example/help/payment#cards', heading: 'Cards', text: 'We take Visa only.' })

    const [full] = await chatbot.syncKnowledge({ full: true })
    expect(full).toMatchObject({ added: 0, changed: CORPUS.length - 1, unchanged: 0 })
  })

  it('purges a source removed from the config on the next full sync, and keeps the others', async () => {
    const second = writeCorpusFolder()
    const both = await startKnowledge(created, { help: { type: 'files', path: folder.path }, faq: { type: 'files', path: second.path } })
    try {
      await both.syncKnowledge()
      expect((await both.knowledgeStatus()).map((status) => status.documents)).toEqual([CORPUS.length, CORPUS.length])
      expect((await both.searchKnowledge('Visa cards')).results.map((result) => result.source)).toContain('faq')
    } finally {
      await both.close()
      second.remove()
    }
    // One source only: the other is left as it was.
    const [one] = await chatbot.syncKnowledge({ source: 'help' })
    expect(one).toMatchObject({ source: 'help', unchanged: CORPUS.length })
    expect([...(await indexSnapshot(chatbot)).keys()].length).toBe(CORPUS.length)
    const counts = async () => (await sql<{ source: string; n: number | string }>`select source, count(*) as n from ${sql.table('knowledge_chunks')} group by source order by source`.execute(chatbot.db)).rows.map((row) => [row.source, Number(row.n)])
    expect((await counts()).map(([source]) => source)).toEqual(['faq', 'help'])

    const reports = await chatbot.syncKnowledge()
    expect(reports).toMatchObject([
      { source: 'help', status: 'synced', unchanged: CORPUS.length, removed: 0 },
      { source: 'faq', status: 'synced', purged: true, removed: CORPUS.length, failures: [] },
    ])
    expect((await counts()).map(([source]) => source)).toEqual(['help'])
    if (dialectOf(chatbot.db) === 'sqlite') expect(Number((await sql<{ n: number }>`select count(*) as n from ${sql.table('knowledge_chunks_fts')}`.execute(chatbot.db)).rows[0]!.n)).toBe((await counts())[0]![1])
    expect((await chatbot.searchKnowledge('Visa cards')).results.map((result) => result.source)).not.toContain('faq')
    // Nothing left to purge: the next sync reports the configured sources only.
    expect((await chatbot.syncKnowledge()).map((report) => report.source)).toEqual(['help'])
  })

  it('runs two syncs of one source at once as one: the other finds it busy', async () => {
    const other = await startKnowledge(created, { help: { type: 'files', path: folder.path } }, {})
    try {
      const [[mine], [theirs]] = await Promise.all([chatbot.syncKnowledge(), other.syncKnowledge()])
      expect([mine!.status, theirs!.status].sort()).toEqual(['busy', 'synced'])
      const [status] = await chatbot.knowledgeStatus()
      expect(status!.documents).toBe(CORPUS.length)
      expect(status!.chunks).toBe((mine!.status === 'synced' ? mine : theirs)!.chunks)
    } finally {
      await other.close()
    }
  })

  it('indexes a document holding NUL characters without them (Postgres refuses them in text)', async () => {
    folder.write('binaryish.txt', 'Gift wrapping\u0000 is free\u0000 for every order.')
    const [report] = await chatbot.syncKnowledge()
    expect(report!.failures).toEqual([])
    expect((await chatbot.searchKnowledge('gift wrapping free')).results[0]).toMatchObject({ document: 'binaryish.txt', text: 'Gift wrapping is free for every order.' })
  })

  it('names the folder when it cannot be read, and keeps what was indexed', async () => {
    await chatbot.syncKnowledge()
    folder.remove()
    const [report] = await chatbot.syncKnowledge()
    expect(report).toMatchObject({ status: 'failed', removed: 0 })
    expect(report!.failures[0]!.reason).toContain('cannot be read')
    expect((await chatbot.knowledgeStatus())[0]).toMatchObject({ documents: CORPUS.length })
  })
})

describe('knowledge.syncInterval', () => {
  it('syncs every source inside the server at that interval, and not before', async () => {
    const created = await databaseTargets()[0]!.create()
    const folder = writeCorpusFolder()
    const chatbot = await startKnowledge(created, { help: { type: 'files', path: folder.path } }, { knowledge: { syncInterval: 1 } })
    try {
      expect((await chatbot.knowledgeStatus())[0]).toMatchObject({ documents: 0, lastSyncAt: null })
      await vi.waitFor(async () => expect((await chatbot.knowledgeStatus())[0]).toMatchObject({ documents: CORPUS.length }), { timeout: 5000, interval: 100 })
    } finally {
      await chatbot.close()
      await created.drop()
      folder.remove()
    }
  })
})

describe('a document whose write fails', () => {
  it('keeps its indexed version whole: the replacement is one transaction', async () => {
    const created = await databaseTargets()[0]!.create()
    const folder = writeCorpusFolder()
    const chatbot = await startKnowledge(created, { help: { type: 'files', path: folder.path } })
    try {
      await chatbot.syncKnowledge()
      const before = await indexSnapshot(chatbot)
      // The database refuses the second chunk of the new version, after the old one was deleted and the first written.
      await sql`create trigger refuse_boom before insert on knowledge_chunks when new.text like '%BOOM%' begin select raise(abort, 'refused by a test trigger'); end`.execute(chatbot.db)
      folder.write('payment.md', '# Paying\n\n## Cards\nVisa only.\n\n## Cash\nBOOM\n')
      const [report] = await chatbot.syncKnowledge()
      expect(report).toMatchObject({ changed: 0, failures: [{ document: 'payment.md', reason: expect.stringContaining('refused by a test trigger') }] })
      expect(await indexSnapshot(chatbot)).toEqual(before)
      expect((await chatbot.searchKnowledge('Which cards do you accept?')).results[0]).toMatchObject({ document: 'payment.md', heading: 'Accepted cards' })
    } finally {
      await chatbot.close()
      await created.drop()
      folder.remove()
    }
  })
})
