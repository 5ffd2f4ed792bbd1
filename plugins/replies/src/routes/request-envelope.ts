import { ChatbotInvalidEnvelopeException, setRequestEnvelope, type PluginApi } from '@chatbot-kit/kernel'
import type { H3Event } from 'h3'

/**
 * A route's `prepare`, as history's: 403 when `signed_context` is missing or invalid; else the
 * envelope is kept for the handler and the middleware (the web plugin's guest check), and its
 * channel returned, so origin and throttle treat the route as they treat history.
 */
export function prepareEnvelope(api: PluginApi, event: H3Event, token: unknown, where: 'query parameter' | 'field'): string {
  if (token === undefined || token === '') throw new ChatbotInvalidEnvelopeException(`The signed_context ${where} is missing.`)
  const envelope = api.verifyRequestEnvelope(token)
  setRequestEnvelope(event, envelope)
  return envelope.channel
}

/** 204: nothing to resume. */
export const noContent = (): Response => new Response(null, { status: 204 })
