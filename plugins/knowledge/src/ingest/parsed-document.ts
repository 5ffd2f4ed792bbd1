/** A part of a document under one heading (or before the first). */
export interface DocumentSection {
  /** The heading's text; null for what comes before the first heading. */
  heading: string | null
  /** The heading's anchor (`#fragment` without `#`): its id, or its slug in Markdown. */
  fragment: string | null
  text: string
}

/** What a document is reduced to, whatever its format. */
export interface ParsedDocument {
  title: string
  sections: DocumentSection[]
}

/** The formats read; anything else is reported and skipped. */
export type DocumentFormat = 'markdown' | 'html' | 'text' | 'pdf'
