import { escapeHtml } from '@chatbot-kit/kernel'

/** The reserved extractor name, and the spec's name for it, accepted as an alias. */
export const PAGE_SNAPSHOT = 'page-snapshot'
export const PAGE_SNAPSHOT_ALIAS = 'blade-snapshot'

export const allowsSnapshot = (allowedExtractors: string[]) => allowedExtractors.includes(PAGE_SNAPSHOT) || allowedExtractors.includes(PAGE_SNAPSHOT_ALIAS)

/**
 * Wraps server-rendered html in the region the widget's `page-snapshot` extractor reads
 * (`data-chatbot-snapshot` naming the channel, so a second widget on the page for another
 * channel does not read it). The html is the host's own markup and is not escaped.
 */
export function markSnapshot(html: string, channel: string): string {
  return `<div data-chatbot-snapshot="${escapeHtml(channel)}">${html}</div>`
}
