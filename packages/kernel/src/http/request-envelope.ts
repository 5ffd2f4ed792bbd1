import type { H3Event } from 'h3'
import type { EnvelopePayload } from '../envelope/index.js'

const ENVELOPE = Symbol.for('chatbot-kit.request-envelope')

/** Stored by the messages and history routes once the envelope is verified, before any middleware runs. */
export function setRequestEnvelope(event: H3Event, envelope: EnvelopePayload): void {
  ;(event.context as Record<symbol, EnvelopePayload>)[ENVELOPE] = envelope
}

/** The verified envelope of this request (for route middleware such as the guest-cookie check). */
export function getRequestEnvelope(event: H3Event): EnvelopePayload | undefined {
  return (event.context as Record<symbol, EnvelopePayload | undefined>)[ENVELOPE]
}
