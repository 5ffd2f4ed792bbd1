import type { DocumentFormat } from '../ingest/parsed-document.js'

/** One document a source lists, read only when sync needs it. */
export interface SourceDocument {
  /** The path within a files source, or the page's URL: the document's name in reports and the tables. */
  document: string
  url: string | null
  read(): Promise<{ bytes: Uint8Array; format: DocumentFormat }>
}

/** A document (or a sitemap) that could not be read, named for the report. */
export interface DocumentFailure {
  document: string
  reason: string
}

export interface SourceListing {
  documents: SourceDocument[]
  /** What could not even be listed (a sitemap entry on another host, an unreadable sitemap). */
  failures: DocumentFailure[]
  /** False when part of the listing could not be read (a sitemap): then nothing counts as removed. */
  complete: boolean
}

/** Why something failed, in one line. */
export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))
