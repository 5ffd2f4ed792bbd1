import { parseDocument } from 'htmlparser2'
import { findAll, textContent } from 'domutils'
import { ChatbotKnowledgeDocumentException } from '../errors.js'
import { createRobotsCheck } from '../fetch/robots.js'
import { safeFetch, type FetchPolicy } from '../fetch/safe-fetch.js'
import { createPathFilter } from './globs.js'
import type { SitemapSource } from './source-config.js'
import { reasonOf, type DocumentFailure, type SourceListing } from './source-document.js'
import { webDocument } from './web-document.js'

/** Sitemap indexes nest; deeper than this is a loop or a mistake. */
const MAX_DEPTH = 4

/** The `<loc>`s of a sitemap's `<sitemap>` entries (an index) and of its `<url>` entries. */
function readSitemap(xml: string): { sitemaps: string[]; pages: string[] } {
  const document = parseDocument(xml, { xmlMode: true })
  const locs = (parent: string) => findAll((node) => node.name === 'loc' && node.parent !== null && 'name' in node.parent && node.parent.name === parent, document.children).map((node) => textContent(node).trim())
  const sitemaps = locs('sitemap')
  const pages = locs('url')
  if (sitemaps.length === 0 && pages.length === 0 && !/<(urlset|sitemapindex)[\s>]/.test(xml)) throw new ChatbotKnowledgeDocumentException('not a sitemap (no <urlset> or <sitemapindex>)')
  return { sitemaps, pages }
}

/**
 * Every page the sitemap lists, indexes followed, that the globs keep (matched on the URL's
 * path). An entry on another host, or a sitemap that cannot be read, is a failure in the listing.
 */
export async function listSitemap(source: SitemapSource, policy: FetchPolicy): Promise<SourceListing> {
  const keep = createPathFilter(source.include, source.exclude)
  const robotsAllow = createRobotsCheck(policy)
  const failures: DocumentFailure[] = []
  const pages = new Set<string>()
  const seen = new Set<string>()
  let complete = true
  const visit = async (url: string, depth: number): Promise<void> => {
    if (seen.has(url) || depth > MAX_DEPTH) return
    seen.add(url)
    try {
      const fetched = await safeFetch(url, policy)
      if (fetched.status < 200 || fetched.status > 299) throw new ChatbotKnowledgeDocumentException(`HTTP ${fetched.status}`)
      const { sitemaps, pages: listed } = readSitemap(new TextDecoder().decode(fetched.bytes))
      for (const entry of listed) {
        const page = URL.canParse(entry, url) ? new URL(entry, url) : null
        if (!page || !policy.hosts.has(page.host)) failures.push({ document: entry, reason: `skipped: not on ${[...policy.hosts].join(', ')}` })
        else if (keep(decodeURIComponent(page.pathname))) pages.add(page.href)
      }
      for (const child of sitemaps) {
        const next = URL.canParse(child, url) ? new URL(child, url) : null
        if (!next || !policy.hosts.has(next.host)) failures.push({ document: child, reason: `skipped: not on ${[...policy.hosts].join(', ')}` })
        else await visit(next.href, depth + 1)
      }
    } catch (error) {
      complete = false
      failures.push({ document: url, reason: reasonOf(error) })
    }
  }
  await visit(source.url, 0)
  return { documents: [...pages].sort().map((page) => webDocument(page, policy, robotsAllow)), failures, complete }
}
