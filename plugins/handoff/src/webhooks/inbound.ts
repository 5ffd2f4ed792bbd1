import { ChatbotValidationException } from '@chatbot-kit/kernel'
import { isUuid } from '@chatbot-kit/kernel/plugin'
import { ChatbotHandoffException } from '../errors.js'
import type { HandoffWebhook } from '../options.js'
import type { InboundEvent } from './payload.js'
import { loadWebhook } from './load-webhook.js'

const TYPES = new Set(['claim', 'message', 'release'])
const MAX_TEXT = 20_000

/**
 * The secret among `webhooks` that signed `body` (Standard Webhooks: the HMAC of
 * `id.timestamp.body`, a timestamp within 5 minutes of now). None: 401.
 */
export async function verifiedBy(webhooks: HandoffWebhook[], body: string, headers: Headers): Promise<HandoffWebhook> {
  const Webhook = await loadWebhook()
  const signed = { 'webhook-id': headers.get('webhook-id') ?? '', 'webhook-timestamp': headers.get('webhook-timestamp') ?? '', 'webhook-signature': headers.get('webhook-signature') ?? '' }
  for (const webhook of webhooks) {
    try {
      new Webhook(webhook.secret).verify(body, signed)
      return webhook
    } catch {
      // Another channel's secret may have signed it.
    }
  }
  throw ChatbotHandoffException.badSignature()
}

/** A verified body as an event; 422 naming the field that is wrong. */
export function readInboundEvent(body: string): InboundEvent {
  let raw: unknown
  try {
    raw = JSON.parse(body)
  } catch {
    throw new ChatbotValidationException('Invalid request: the body is not JSON.', { body: 'must be a JSON object' })
  }
  const event = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const fields: Record<string, string> = {}
  if (typeof event.id !== 'string' || event.id === '' || event.id.length > 200) fields.id = 'must be a string of 1 to 200 characters'
  if (typeof event.type !== 'string' || !TYPES.has(event.type)) fields.type = 'must be "claim", "message" or "release"'
  if (typeof event.conversation_id !== 'string' || !isUuid(event.conversation_id)) fields.conversation_id = 'must be a conversation id (UUID)'
  const agent = event.agent as Record<string, unknown> | undefined
  if (typeof agent?.name !== 'string' || agent.name.trim() === '' || agent.name.length > 100) fields['agent.name'] = 'must be a name of 1 to 100 characters'
  if (event.type === 'message' && (typeof event.text !== 'string' || event.text.trim() === '' || event.text.length > MAX_TEXT)) fields.text = `must be the message, 1 to ${MAX_TEXT} characters`
  const names = Object.keys(fields)
  if (names.length > 0) throw new ChatbotValidationException(`Invalid request: ${names.join(', ')}.`, fields)
  return { id: event.id as string, type: event.type as InboundEvent['type'], conversation_id: (event.conversation_id as string).toLowerCase(), agent: { name: (agent!.name as string).trim() }, ...(event.type === 'message' && { text: event.text as string }) }
}
