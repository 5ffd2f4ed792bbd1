import { ChatbotKnowledgeDocumentException } from '../errors.js'
import { safeFetch, type FetchPolicy } from '../fetch/safe-fetch.js'
import { formatOfMediaType, formatOfPath } from '../ingest/parse-document.js'
import type { SourceDocument } from './source-document.js'

/** A page fetched by the source's rules, after its host's robots.txt allowed it. */
export function webDocument(url: string, policy: FetchPolicy, robotsAllow: (url: string) => Promise<void>): SourceDocument {
  return {
    document: url,
    url,
    async read() {
      await robotsAllow(url)
      const fetched = await safeFetch(url, policy)
      if (fetched.status < 200 || fetched.status > 299) throw new ChatbotKnowledgeDocumentException(`HTTP ${fetched.status}`)
      const format = formatOfMediaType(fetched.contentType) ?? (fetched.contentType === null ? formatOfPath(new URL(fetched.url).pathname) : undefined)
      if (!format) throw new ChatbotKnowledgeDocumentException(`unsupported type ${fetched.contentType}`)
      return { bytes: fetched.bytes, format }
    },
  }
}
