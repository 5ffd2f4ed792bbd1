import { expectConfigError } from '@chatbot-kit/test-utils'
import { resolveConfig } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { DEFAULT_MIN_SCORE, knowledgePlugin } from '../src/index.js'

const resolve = (config: object, env: Record<string, string> = {}) => resolveConfig(config, env, { plugins: [knowledgePlugin()] })

describe('knowledgeOptions', () => {
  it('is off by default: no source, full-text only, the contract’s defaults', () => {
    expect(resolve({}).knowledge).toEqual({ sources: {}, maxDocumentBytes: 5 * 1024 * 1024, topK: 5, maxBytes: 6000, minScore: DEFAULT_MIN_SCORE, syncInterval: 0, embeddings: false })
  })

  it('reads the environment variables the contract names, over the file', () => {
    const config = resolve({ knowledge: { topK: 3 } }, { CHATBOT_KNOWLEDGE_TOP_K: '8', CHATBOT_KNOWLEDGE_MIN_SCORE: '0.25', CHATBOT_KNOWLEDGE_SYNC_INTERVAL: '3600' })
    expect(config.knowledge).toMatchObject({ topK: 8, minScore: 0.25, syncInterval: 3600 })
  })

  it('accepts each kind of source and a channel’s list', () => {
    const sources = {
      docs: { type: 'files', path: 'docs', include: ['**/*.md'], baseUrl: 'https://x.dev/docs/' },
      site: { type: 'sitemap', url: 'https://x.dev/sitemap.xml', exclude: ['/blog/**'] },
      pages: { type: 'urls', urls: ['https://x.dev/terms'], allowPrivateNetwork: false },
    }
    const config = resolve({ knowledge: { sources, embeddings: { model: '' } }, channels: { default: {}, sales: { knowledge: ['site'] } } })
    expect(Object.keys(config.knowledge.sources)).toEqual(['docs', 'site', 'pages'])
  })

  it.each([
    [{ knowledge: { sources: { docs: { type: 'ftp', path: 'x' } } } }, {}, 'knowledge.sources.docs.type'],
    [{ knowledge: { sources: { docs: { type: 'files' } } } }, {}, 'knowledge.sources.docs.path'],
    [{ knowledge: { sources: { docs: { type: 'files', path: 'docs', baseUrl: 'ftp://x' } } } }, {}, 'knowledge.sources.docs.baseUrl'],
    [{ knowledge: { sources: { site: { type: 'sitemap', url: 'file:///etc/passwd' } } } }, {}, 'knowledge.sources.site.url'],
    [{ knowledge: { sources: { pages: { type: 'urls', urls: ['https://x.dev', 'javascript:alert(1)'] } } } }, {}, 'knowledge.sources.pages.urls[1]'],
    [{ knowledge: { sources: { 'bad name': { type: 'urls', urls: ['https://x.dev'] } } } }, {}, 'knowledge.sources.bad name'],
    [{ knowledge: { sources: { site: { type: 'sitemap', url: 'https://x.dev/s.xml', include: 'docs/**' } } } }, {}, 'knowledge.sources.site.include'],
    [{ knowledge: { sources: { docs: { type: 'files', path: 'docs', baseURL: 'https://x.dev/' } } } }, {}, 'knowledge.sources.docs.baseURL'],
    [{ knowledge: { sources: { docs: { type: 'files', path: 'docs', allowPrivateNetwork: true } } } }, {}, 'knowledge.sources.docs.allowPrivateNetwork'],
    [{ knowledge: { minScore: 1.5 } }, {}, 'knowledge.minScore'],
    [{ knowledge: { topK: 0 } }, {}, 'knowledge.topK'],
    [{ knowledge: { embeddings: { model: 42 } } }, {}, 'knowledge.embeddings.model'],
    [{ knowledge: { embeddings: { model: 'm', baseUrl: 'localhost:11434' } } }, {}, 'knowledge.embeddings.baseUrl'],
    [{ knowledge: { embeddings: { model: 'm', dimensions: 0 } } }, {}, 'knowledge.embeddings.dimensions'],
    [{ knowledge: { embeddings: { model: 'm', batchSize: 5000 } } }, {}, 'knowledge.embeddings.batchSize'],
    [{ knowledge: { embeddings: { model: 'm', dimension: 512 } } }, {}, 'knowledge.embeddings.dimension'],
    [{ knowledge: { embeddings: 'text-embedding-3-small' } }, {}, 'knowledge.embeddings'],
    [{}, { CHATBOT_KNOWLEDGE_MIN_SCORE: 'high' }, 'CHATBOT_KNOWLEDGE_MIN_SCORE'],
    [{}, { CHATBOT_KNOWLEDGE_TOP_K: 'five' }, 'CHATBOT_KNOWLEDGE_TOP_K'],
  ])('names the bad key (%j %j)', (file, env, key) => {
    expectConfigError(() => resolve(file, env), key)
  })

  it('suggests the field a misspelled one was meant to be', () => {
    expect(() => resolve({ knowledge: { sources: { docs: { type: 'files', path: 'docs', baseURL: 'https://x.dev/' } } } })).toThrow('did you mean "baseUrl"?')
  })

  it('names a channel’s bad knowledge list', () => {
    expectConfigError(() => resolve({ channels: { default: {}, sales: { knowledge: 'site' } } }), 'channels.sales.knowledge')
  })
})
