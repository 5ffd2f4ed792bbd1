import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CORPUS } from '../../../plugins/knowledge/test/fixtures/corpus.js'
import { progressFrame } from '../src/cli/knowledge-output.js'
import { assertBuilt, DATABASE_TARGETS } from './cli.js'
import { knowledgeProject } from './knowledge-project.js'

// `chatbot knowledge sync|status|search`, spawned as users run them, on a project whose config
// names a folder of Markdown, on a fresh (unmigrated) database of each dialect.

beforeAll(() => assertBuilt())

const targets = DATABASE_TARGETS

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function project(target: (typeof targets)[number]) {
  const created = await knowledgeProject(target, `  channels: { default: {}, sales: { knowledge: [] } },`)
  cleanup = created.remove
  return { folder: created.folder, knowledge: (...args: string[]) => created.cli('knowledge', ...args) }
}

describe.each(targets)('chatbot knowledge on $name', (target) => {
  it.skipIf(target.skip)('syncs (migrating first) with a summary line, then reports status and searches, in text and JSON', async () => {
    const { knowledge, folder } = await project(target)
    const before = await knowledge('status')
    expect(before.code).toBe(1)
    expect(before.stderr).toContain('pending migrations')

    const first = await knowledge('sync')
    // Not a terminal: no progress bar, one summary line per source.
    expect(first.stderr).not.toContain('\x1b[K')
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(new RegExp(`^help: ${CORPUS.length} added, 0 changed, 0 removed, 0 unchanged; \\d+ chunks; 0 embedding requests\\n$`))

    folder.write('stores.md', '# Our stores\n\n## Opening hours\nOpen every day from 8 am to 10 pm.\n')
    const second = await knowledge('sync', '--json')
    expect(second.code).toBe(0)
    const [report] = (JSON.parse(second.stdout) as { sources: Record<string, unknown>[] }).sources
    expect(report).toMatchObject({ source: 'help', status: 'synced', added: 0, changed: 1, removed: 0, unchanged: CORPUS.length - 1, chunks: 1, embeddingRequests: 0, failures: [] })

    const status = await knowledge('status', '--json')
    expect(JSON.parse(status.stdout)).toMatchObject({ sources: [{ source: 'help', documents: CORPUS.length, failures: [] }] })
    expect((await knowledge('status')).stdout).toMatch(new RegExp(`^help: ${CORPUS.length} document\\(s\\), \\d+ chunk\\(s\\), last sync 20`))

    const found = await knowledge('search', 'When are your stores open?', '--json')
    expect(found.code).toBe(0)
    const result = JSON.parse(found.stdout) as { gap: boolean; minScore: number; results: Record<string, unknown>[] }
    expect(result).toMatchObject({ gap: false, minScore: 0.35 })
    expect(Object.keys(result.results[0]!)).toEqual(['source', 'document', 'url', 'title', 'heading', 'score', 'text'])
    expect(result.results[0]).toMatchObject({ source: 'help', document: 'stores.md', url: 'https://shop.example/help/stores#opening-hours', title: 'Our stores', heading: 'Opening hours', text: 'Open every day from 8 am to 10 pm.' })

    const gap = await knowledge('search', 'Do you sell electric bicycles?', '--json')
    expect(gap.code).toBe(0)
    expect(JSON.parse(gap.stdout)).toEqual({ gap: true, minScore: 0.35, results: [] })
    const text = await knowledge('search', 'Do you sell electric bicycles?')
    expect(text.stdout).toContain('a turn would record this question as a gap')
    const none = await knowledge('search', 'When are your stores open?', '--channel', 'sales', '--json')
    expect(JSON.parse(none.stdout)).toEqual({ gap: false, minScore: 0.35, results: [] })
  })
})

describe.each(targets)('chatbot knowledge sync on $name, a source renamed in the config', (target) => {
  it.skipIf(target.skip)('purges the old name\'s documents and indexes the new one\'s', async () => {
    const created = await knowledgeProject(target, '')
    cleanup = created.remove
    expect((await created.cli('knowledge', 'sync')).code).toBe(0)
    const config = join(created.dir, 'chatbot.config.mjs')
    writeFileSync(config, readFileSync(config, 'utf8').replace('sources: { help:', 'sources: { guide:'))
    const renamed = await created.cli('knowledge', 'sync')
    expect(renamed.code, renamed.stderr).toBe(0)
    expect(renamed.stdout).toMatch(new RegExp(`^guide: ${CORPUS.length} added, .*\nhelp: no longer in knowledge.sources; ${CORPUS.length} documents removed\n$`))
    const status = JSON.parse((await created.cli('knowledge', 'status', '--json')).stdout) as { sources: { source: string; documents: number }[] }
    expect(status.sources).toMatchObject([{ source: 'guide', documents: CORPUS.length }])
    const found = JSON.parse((await created.cli('knowledge', 'search', 'When can I return an order?', '--json')).stdout) as { results: { source: string }[] }
    expect(found.results.length).toBeGreaterThan(0)
    expect(found.results.every((result) => result.source === 'guide')).toBe(true)
  })
})

describe('chatbot knowledge, bad input', () => {
  it('names an unknown source, an unknown channel and a bad --limit, exiting 1', async () => {
    const { knowledge } = await project(targets[0]!)
    const source = await knowledge('sync', '--source', 'nope')
    expect(source.code).toBe(1)
    expect(source.stderr).toContain('No knowledge source is named "nope" (configured: help). (knowledge_unknown_source)')
    expect((await knowledge('sync', '--source', 'help')).code).toBe(0)
    const channel = await knowledge('search', 'hours', '--channel', 'nope')
    expect(channel.code).toBe(1)
    expect(channel.stderr).toContain('No channel is named "nope"')
    const limit = await knowledge('search', 'hours', '--limit', 'lots')
    expect(limit.code).toBe(1)
    expect(limit.stderr).toContain('--limit must be a whole number from 1 to 50')
  })
})

describe('the sync progress bar (a terminal only)', () => {
  it('fills with the documents done and fits the terminal width', () => {
    expect(progressFrame({ source: 'help', done: 6, total: 12, document: 'guide/setup.md' }, 80)).toBe(`help [${'#'.repeat(12)}${'-'.repeat(12)}] 6/12 guide/setup.md`)
    expect(progressFrame({ source: 'help', done: 0, total: 3, document: 'a-very-long-path/'.repeat(10) }, 40)).toHaveLength(39)
  })
})
