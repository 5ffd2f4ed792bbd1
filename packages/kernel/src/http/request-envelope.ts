import type { H3Event } from 'h3'
import type { EnvelopePayload } from '../envelope/index.js'
import { ChatbotInvalidEnvelopeException } from '../errors/index.js'
import { readJsonObject } from '../body/index.js'

const ENVELOPE = Symbol.for('chatbot-kit.request-envelope')
const BODY = Symbol.for('chatbot-kit.request-body')

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

/**
 * A POST plugin route's `prepare` for a JSON body carrying `signed_context`: the body is read once
 * (the kernel's limits and errors) and kept for the handler (`getRequestBody`), then the envelope
 * is checked as `prepareRequestEnvelope` does.
 */
export async function prepareBodyEnvelope(verify: (token: unknown) => EnvelopePayload, event: H3Event): Promise<string> {
  const body = setRequestBody(event, await readJsonObject(event))
  return prepareRequestEnvelope(verify, event, body.signed_context, 'field')
}

/** Keeps a route's JSON body for its handler and the turn's hooks; returns it. */
export function setRequestBody(event: H3Event, body: Record<string, unknown>): Record<string, unknown> {
  return ((event.context as Record<symbol, unknown>)[BODY] = body)
}

/** The JSON body `prepareBodyEnvelope` (or the messages route) read for this request. */
export function getRequestBody(event: H3Event): Record<string, unknown> | undefined {
  return (event.context as Record<symbol, Record<string, unknown> | undefined>)[BODY]
}
