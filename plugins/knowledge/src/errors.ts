import { ChatbotException } from '@chatbot-kit/kernel'

/**
 * A document (or a sitemap, a source's folder) could not be read: refused by the fetch rules, a
 * bad status, too large, an unsupported type, unparsable. Sync reports it with its source and
 * document and goes on with the rest.
 */
export class ChatbotKnowledgeDocumentException extends ChatbotException {
  constructor(message: string, cause?: unknown) {
    super(message, { code: 'knowledge_document_failed', status: 502, cause })
  }
}

/** A fetch the rules refuse: another host, a scheme other than http(s), a private address, robots.txt. */
export class ChatbotKnowledgeFetchRefusedException extends ChatbotException {
  constructor(message: string) {
    super(message, { code: 'knowledge_fetch_refused', status: 502 })
  }
}

/** `--source` (or the admin's `source`) names no configured source. */
export class ChatbotKnowledgeUnknownSourceException extends ChatbotException {
  constructor(name: string, known: string[]) {
    super(`No knowledge source is named "${name}"${known.length ? ` (configured: ${known.join(', ')})` : ' (knowledge.sources is empty)'}.`, { code: 'knowledge_unknown_source', status: 404 })
  }
}

/**
 * The embedding endpoint failed (unreachable, a bad status, a malformed reply) or returned vectors
 * of the wrong size. Sync reports it with the source and document and keeps the document's
 * indexed version; a turn goes on without sources.
 */
export class ChatbotKnowledgeEmbeddingException extends ChatbotException {
  constructor(message: string, cause?: unknown) {
    super(message, { code: 'knowledge_embedding_failed', status: 502, cause })
  }
}
