import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Chatbot } from '@chatbot-kit/kernel'
import { databaseTargets, describeEachDatabase, listenNode, type CreatedDatabase } from '@chatbot-kit/test-utils'
import type { KnowledgeSource } from '../src/index.js'
import { CORPUS, QUESTIONS } from './fixtures/corpus.js'
import { serveDocsSite, sitePath, type DocsSite } from './fixtures/site.js'
import { startKnowledge } from './setup.js'

// A docs site on loopback, read through its sitemap index, on each dialect; then the fetch rules:
// other hosts, redirects, names resolving to loopback, size, type and robots.txt.

describeEachDatabase('a sitemap source', { label: 'the docs site' }, (target) => {
  let site: DocsSite
  let created: CreatedDatabase
  let chatbot: Chatbot

  beforeAll(async () => {
    site = await serveDocsSite()
    site.listed.push(`${site.url}/private/secret`, `${site.url.replace('127.0.0.1', 'localhost')}/elsewhere`)
    created = await target.create()
    chatbot = await startKnowledge(created, { site: { type: 'sitemap', url: `${site.url}/sitemap.xml`, allowPrivateNetwork: true } })
  })
  afterAll(async () => {
    await chatbot.close()
    await created.drop()
    await site.close()
  })

  it('indexes every page of the sitemap index, reporting the other host’s entry and the one robots.txt disallows', async () => {
    const [report] = await chatbot.syncKnowledge()
    expect(report).toMatchObject({ status: 'synced', added: CORPUS.length })
    const reasons = Object.fromEntries(report!.failures.map((failure) => [failure.document, failure.reason]))
    expect(reasons[`${site.url}/private/secret`]).toContain('robots.txt')
    expect(reasons[`${site.url.replace('127.0.0.1', 'localhost')}/elsewhere`]).toContain('skipped: not on')
    expect(site.requests).not.toContain('/private/secret')
    expect(site.requests).not.toContain('/elsewhere')
  })

  it('keeps the main content with its title, and anchors chunks at their headings', async () => {
    const { results } = await chatbot.searchKnowledge('How much does express delivery cost?')
    expect(results[0]).toMatchObject({ document: `${site.url}/shipping/delivery-times`, title: 'Delivery times', heading: 'Express delivery', url: `${site.url}/shipping/delivery-times#express-delivery` })
    const everything = await chatbot.searchKnowledge('newsletter signup menu sidebar footer copyright tracking pixel analytics')
    expect(everything.results).toEqual([])
  })

  it('puts the right page first for the answerable fixture questions', async () => {
    const answerable = QUESTIONS.filter((question) => question.answer !== null)
    let first = 0
    let five = 0
    for (const question of answerable) {
      const { results } = await chatbot.searchKnowledge(question.question, { limit: 20 })
      const ranked = [...new Set(results.map((result) => result.document))]
      const expected = `${site.url}${sitePath(question.answer!)}`
      if (ranked[0] === expected) first++
      if (ranked.slice(0, 5).includes(expected)) five++
    }
    console.log(`${target.name} docs site: recall@1 ${first}/${answerable.length}, recall@5 ${five}/${answerable.length} (minScore applied)`)
    expect(first / answerable.length).toBeGreaterThanOrEqual(0.75)
  })
})

describe.skipIf(databaseTargets()[0]!.skip)('fetching rules', () => {
  let site: DocsSite
  let created: CreatedDatabase
  const started: Chatbot[] = []
  const sync = async (source: KnowledgeSource, maxDocumentBytes?: number) => {
    const chatbot = await startKnowledge(created, { web: source }, maxDocumentBytes ? { knowledge: { maxDocumentBytes } } : {})
    started.push(chatbot)
    const [report] = await chatbot.syncKnowledge()
    return { report: report!, reasons: report!.failures.map((failure) => `${failure.document}: ${failure.reason}`).join('\n') }
  }

  beforeEach(async () => {
    site = await serveDocsSite()
    created = await databaseTargets()[0]!.create()
  })
  afterEach(async () => {
    await Promise.all(started.splice(0).map((chatbot) => chatbot.close()))
    await created.drop()
    await site.close()
  })

  it('refuses a loopback address unless the source allows private networks', async () => {
    const { report, reasons } = await sync({ type: 'sitemap', url: `${site.url}/sitemap.xml` })
    expect(report).toMatchObject({ added: 0 })
    expect(reasons).toContain('127.0.0.1 is a private or loopback address')
    expect(site.requests).toEqual([])
  })

  it('refuses a name that resolves to loopback, checking the resolved address', async () => {
    const url = `${site.url.replace('127.0.0.1', 'localhost')}/returns`
    const { report, reasons } = await sync({ type: 'urls', urls: [url] })
    expect(report).toMatchObject({ added: 0 })
    expect(reasons).toMatch(/localhost:\d+ resolves to (127\.0\.0\.1|::1), a private or loopback address/)
    expect(site.requests).toEqual([])
  })

  it('follows a redirect on the same host, and refuses one to another host', async () => {
    site.extra.set('/moved', { status: 301, headers: { location: '/returns' } })
    site.extra.set('/away', { status: 302, headers: { location: `${site.url.replace('127.0.0.1', 'localhost')}/returns` } })
    const { report, reasons } = await sync({ type: 'urls', urls: [`${site.url}/moved`, `${site.url}/away`], allowPrivateNetwork: true })
    expect(report).toMatchObject({ added: 1 })
    expect(reasons).toContain(`${site.url}/away: `)
    expect(reasons).toMatch(/localhost:\d+ is not a host of this source/)
    expect(site.requests.filter((path) => path === '/returns')).toHaveLength(1)
  })

  it('reports a page over maxDocumentBytes, of an unsupported type, or missing, and indexes the rest', async () => {
    site.extra.set('/big', { status: 200, headers: { 'content-type': 'text/html' }, body: `<p>${'x '.repeat(5000)}</p>` })
    site.extra.set('/logo', { status: 200, headers: { 'content-type': 'image/png' }, body: 'PNG' })
    const { report, reasons } = await sync({ type: 'urls', urls: [`${site.url}/big`, `${site.url}/logo`, `${site.url}/gone`, `${site.url}/stores`], allowPrivateNetwork: true }, 4096)
    expect(report).toMatchObject({ added: 1, status: 'synced' })
    expect(reasons).toContain(`${site.url}/big: `)
    expect(reasons).toContain('over knowledge.maxDocumentBytes (4096')
    expect(reasons).toContain(`${site.url}/logo: unsupported type image/png`)
    expect(reasons).toContain(`${site.url}/gone: HTTP 404`)
  })

  // Its robots.txt does not answer either: unreadable, it allows everything, as crawlers treat it.
  it('gives up on a page that does not answer within the timeout', async () => {
    const silent = await listenNode(() => {})
    try {
      const chatbot = await startKnowledge(created, { web: { type: 'urls', urls: [`${silent.url}/slow`], allowPrivateNetwork: true } }, {}, { fetchTimeoutMs: 300 })
      started.push(chatbot)
      const [report] = await chatbot.syncKnowledge()
      expect(report!.failures).toEqual([{ document: `${silent.url}/slow`, reason: `${silent.url}/slow: no answer within 0.3 s` }])
    } finally {
      await silent.close()
    }
  })

  it('reports a sitemap that is not one, and removes nothing for it', async () => {
    site.extra.set('/broken.xml', { status: 200, headers: { 'content-type': 'application/xml' }, body: '<html><body>oops</body></html>' })
    const { report, reasons } = await sync({ type: 'sitemap', url: `${site.url}/broken.xml`, allowPrivateNetwork: true })
    expect(report).toMatchObject({ added: 0, removed: 0 })
    expect(reasons).toContain('not a sitemap')
  })
})
