import type { H3Event } from 'h3'
import type { EnvelopePayload } from '../envelope/index.js'
import { ChatbotInvalidEnvelopeException } from '../errors/index.js'

const ENVELOPE = Symbol.for('chatbot-kit.request-envelope')

/** Stored by the messages and history routes once the envelope is verified, before any middleware runs. */
export function setRequestEnvelope(event: H3Event, envelope: EnvelopePayload): void {
  ;(event.context as Record<symbol, EnvelopePayload>)[ENVELOPE] = envelope
}

/** The verified envelope of this request (for route middleware such as the guest-cookie check). */
export function getRequestEnvelope(event: H3Event): EnvelopePayload | undefined {
  return (event.context as Record<symbol, EnvelopePayload | undefined>)[ENVELOPE]
}

/**
 * A plugin route's `prepare`, as history's: 403 when `signed_context` is missing or invalid; else
 * the envelope is kept for the handler and the middleware (the web plugin's guest check), and its
 * channel returned, so origin and throttle treat the route as they treat history.
 */
export function prepareRequestEnvelope(verify: (token: unknown) => EnvelopePayload, event: H3Event, token: unknown, where: 'query parameter' | 'field'): string {
  if (token === undefined || token === '') throw new ChatbotInvalidEnvelopeException(`The signed_context ${where} is missing.`)
  const envelope = verify(token)
  setRequestEnvelope(event, envelope)
  return envelope.channel
}
