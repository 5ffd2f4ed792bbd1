import { fail, listInputRange, object, optionalString, pageOf, requiredString } from '@chatbot-kit/admin/procedures'
import type { Chatbot } from '@chatbot-kit/kernel'
import { MAX_DOCUMENT_PAGE } from '../storage/document-list.js'
import { MAX_GAP_PAGE, type GapListOptions } from '../storage/gap-list.js'

// The procedures' input parsers: a bad field is BAD_REQUEST naming it. Names are checked
// against the config in the procedures (a parser does not see the chatbot).

export const parseSyncInput = (raw: unknown) => ({ source: optionalString(object(raw, ['source']).source, 'source', 200) })

export function parseSearchInput(raw: unknown) {
  const input = object(raw, ['query', 'channel'])
  return { query: requiredString(input.query, 'query', 2000), channel: optionalString(input.channel, 'channel', 100) }
}

export function parseDocumentsInput(raw: unknown) {
  const input = object(raw, ['source', 'limit', 'cursor'])
  return { source: requiredString(input.source, 'source', 200), ...pageOf(input, MAX_DOCUMENT_PAGE) }
}

export function parseGapsInput(raw: unknown): GapListOptions {
  const { input, since, until } = listInputRange(raw, ['channel'])
  return { channel: optionalString(input.channel, 'channel', 100), since, until, ...pageOf(input, MAX_GAP_PAGE) }
}

/** `source` must name a configured source. */
export function checkSource(chatbot: Chatbot, source: string | undefined): void {
  const names = Object.keys(chatbot.config.knowledge.sources)
  if (source !== undefined && !names.includes(source)) fail('source', `names no knowledge source (configured: ${names.length ? names.join(', ') : 'none'})`)
}

/** `channel` must be `default` or a configured channel. */
export function checkChannel(chatbot: Chatbot, channel: string | undefined): void {
  if (channel !== undefined && channel !== 'default' && !(channel in chatbot.config.channels)) fail('channel', 'is not a configured channel')
}
