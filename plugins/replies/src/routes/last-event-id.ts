import { ChatbotValidationException } from '@chatbot-kit/kernel'
import { isUuid } from '@chatbot-kit/kernel/plugin'
import { getQuery, type H3Event } from 'h3'

const EVENT_ID = /^([^:]+):([1-9][0-9]{0,14})$/

export interface LastEventId {
  replyId: string
  seq: number
}

/**
 * The last event the browser saw: header `Last-Event-ID` (what `EventSource` sends on a
 * reconnect), else query `last_event_id`; `<message id>:<seq>`. None (or empty): undefined.
 * Anything else is 422 `validation_failed`.
 */
export function readLastEventId(event: H3Event): LastEventId | undefined {
  const header = event.req.headers.get('last-event-id')
  const raw: unknown = header !== null && header !== '' ? header : getQuery(event).last_event_id
  if (raw === undefined || raw === '') return undefined
  // A repeated query parameter arrives as an array: malformed too.
  const match = typeof raw === 'string' ? EVENT_ID.exec(raw.trim()) : null
  if (!match || !isUuid(match[1])) throw new ChatbotValidationException('Invalid request: last_event_id.', { last_event_id: 'must be an event id as sent: <message id>:<sequence number>' })
  return { replyId: match[1]!.toLowerCase(), seq: Number(match[2]) }
}
