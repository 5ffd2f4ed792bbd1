import type { FetchPolicy } from '../fetch/safe-fetch.js'
import { createRobotsCheck } from '../fetch/robots.js'
import { listFiles } from './files-source.js'
import { listSitemap } from './sitemap-source.js'
import type { KnowledgeSource } from './source-config.js'
import type { SourceListing } from './source-document.js'
import { webDocument } from './web-document.js'

export interface ListOptions {
  /** Where a files source's relative `path` starts. */
  cwd: string
  maxDocumentBytes: number
  timeoutMs: number
  userAgent: string
}

/** A web source's fetch rules: its own URLs' hosts only. */
function policyOf(source: Exclude<KnowledgeSource, { type: 'files' }>, options: ListOptions): FetchPolicy {
  const urls = source.type === 'sitemap' ? [source.url] : source.urls
  return { hosts: new Set(urls.map((url) => new URL(url).host)), allowPrivateNetwork: source.allowPrivateNetwork === true, maxBytes: options.maxDocumentBytes, timeoutMs: options.timeoutMs, userAgent: options.userAgent }
}

/** The documents a source holds now. */
export function listDocuments(source: KnowledgeSource, options: ListOptions): Promise<SourceListing> {
  if (source.type === 'files') return listFiles(source, options)
  const policy = policyOf(source, options)
  if (source.type === 'sitemap') return listSitemap(source, policy)
  const robotsAllow = createRobotsCheck(policy)
  return Promise.resolve({ documents: [...new Set(source.urls.map((url) => new URL(url).href))].map((url) => webDocument(url, policy, robotsAllow)), failures: [], complete: true })
}
