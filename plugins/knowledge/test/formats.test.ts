import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Chatbot } from '@chatbot-kit/kernel'
import { databaseTargets, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { writeCorpusFolder } from './fixtures/folder.js'
import { minimalPdf } from './fixtures/pdf.js'
import { startKnowledge } from './setup.js'

// A files source holds HTML, PDF and files it does not read, filtered by globs.

describe('a files source with every format', () => {
  let created: CreatedDatabase
  let folder: ReturnType<typeof writeCorpusFolder>
  let chatbot: Chatbot

  beforeEach(async () => {
    created = await databaseTargets()[0]!.create()
    folder = writeCorpusFolder()
    folder.write('guides/install.html', '<html><head><title>Installing the tent</title></head><body><nav>Menu</nav><main><h2 id="poles">Poles</h2><p>Clip the aluminium poles into the grommets.</p></main></body></html>')
    writeFileSync(join(folder.path, 'catalogue.pdf'), minimalPdf('Catalogue 2027', 'Our kayak paddles are made of carbon fibre.'))
    folder.write('drafts/secret.md', '# Draft\nUnreleased kayak model.')
    folder.write('image.png', 'not read')
    chatbot = await startKnowledge(created, { help: { type: 'files', path: folder.path, exclude: ['drafts/**'], baseUrl: 'https://shop.example/help/' } })
  })
  afterEach(async () => {
    await chatbot.close()
    await created.drop()
    folder.remove()
  })

  it('reads HTML and PDF, leaves out what the globs exclude and what it cannot read', async () => {
    const [report] = await chatbot.syncKnowledge()
    expect(report!.failures).toEqual([])
    const html = await chatbot.searchKnowledge('aluminium poles grommets')
    expect(html.results[0]).toMatchObject({ document: 'guides/install.html', title: 'Installing the tent', heading: 'Poles', url: 'https://shop.example/help/guides/install#poles' })
    const pdf = await chatbot.searchKnowledge('carbon kayak paddles')
    expect(pdf.results.map((result) => result.document)).toEqual(['catalogue.pdf'])
    expect(pdf.results[0]).toMatchObject({ title: 'Catalogue 2027', url: 'https://shop.example/help/catalogue', text: 'Our kayak paddles are made of carbon fibre.' })
    const documents = (await chatbot.knowledgeStatus())[0]!.documents
    expect(documents).toBe(report!.added)
    expect((await chatbot.searchKnowledge('unreleased draft model')).results).toEqual([])
  })

  it('reports a file over maxDocumentBytes by name and indexes the rest', async () => {
    await chatbot.close()
    folder.write('huge.md', `# Huge\n${'word '.repeat(1000)}`)
    chatbot = await startKnowledge(created, { help: { type: 'files', path: folder.path } }, { knowledge: { maxDocumentBytes: 2048 } })
    const [report] = await chatbot.syncKnowledge()
    expect(report!.failures).toEqual([{ document: 'huge.md', reason: expect.stringContaining('over knowledge.maxDocumentBytes (2048)') }])
    expect(report!.added).toBeGreaterThan(5)
  })
})
