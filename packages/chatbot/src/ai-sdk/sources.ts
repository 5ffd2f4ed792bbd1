import type { ReplySource } from '@chatbot-kit/kernel'

/** A `source-url` chunk, and the part it becomes in the message: the same shape in the AI SDK. */
export interface SourceUrlPart {
  type: 'source-url'
  sourceId: string
  url: string
  title: string
}

/**
 * Our `sources` (the stream event, a history element's) as `source-url` parts: `sourceId` is the
 * `n` of the reply's `[n]` markers. A source without a URL has no such part to become.
 */
export const toSourceParts = (sources: readonly ReplySource[] = []): SourceUrlPart[] =>
  sources.flatMap((source) => (source.url === null ? [] : [{ type: 'source-url' as const, sourceId: String(source.id), url: source.url, title: source.title }]))
