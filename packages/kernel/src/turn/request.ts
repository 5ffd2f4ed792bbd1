import { ChatbotInvalidEnvelopeException, ChatbotValidationException } from '../errors/index.js'
import type { EnvelopePayload } from '../envelope/index.js'
import type { KernelRuntime } from '../runtime.js'
import { isUuid } from '../text/uuid.js'

export interface MessageRequest {
  envelope: EnvelopePayload
  message: string
  conversationId: string | undefined
  clientExtractors: Record<string, string>
}

const NOT_ALLOWED = 'is not an allowed extractor on this channel'
// Postgres text cannot hold U+0000, so no database gets it.
const NO_NUL = 'must not contain NUL (U+0000) characters'
// A lone surrogate has no UTF-8 form: pg would store one U+FFFD, better-sqlite3 three. It becomes one here.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD')

/** The messages and history routes' envelope check: signed, alive, and for a channel the config declares. */
export function verifyRequestEnvelope(runtime: KernelRuntime, token: unknown): EnvelopePayload {
  return runtime.signer.verify(token, { channels: runtime.config.channels })
}

/**
 * Validates the body of `POST /messages`: a missing or bad envelope is 403 (checked first, like
 * any invalid envelope); other problems are 422 with every bad field named.
 */
export function parseMessageRequest(runtime: KernelRuntime, body: Record<string, unknown>): MessageRequest {
  if (body.signed_context === undefined || body.signed_context === '') throw new ChatbotInvalidEnvelopeException('The signed_context field is missing.')
  const envelope = verifyRequestEnvelope(runtime, body.signed_context)

  const fields: Record<string, string> = {}
  const { message, conversation_id: conversationId, client_extractors: extractors } = body
  if (typeof message !== 'string' || message.trim() === '') fields.message = 'is required and must be a non-empty string'
  else if (message.includes('\0')) fields.message = NO_NUL
  if (conversationId !== undefined && conversationId !== null && !isUuid(conversationId)) {
    fields.conversation_id = 'must be a conversation id (a UUID) or absent'
  }
  const clientExtractors: Record<string, string> = {}
  if (extractors !== undefined && extractors !== null) {
    if (typeof extractors !== 'object' || Array.isArray(extractors)) fields.client_extractors = 'must be an object of name → text'
    else {
      for (const [name, value] of Object.entries(extractors)) {
        if (typeof value !== 'string') fields[`client_extractors.${name}`] = 'must be a string'
        else if (!envelope.extractors || !Object.hasOwn(envelope.extractors, name)) fields[`client_extractors.${name}`] = NOT_ALLOWED
        else if (value.includes('\0')) fields[`client_extractors.${name}`] = NO_NUL
        else clientExtractors[name] = wellFormed(value)
      }
    }
  }
  const names = Object.keys(fields)
  if (names.length > 0) {
    const onlyExtractors = names.every((name) => fields[name] === NOT_ALLOWED)
    const code = onlyExtractors ? 'extractor_not_allowed' : 'validation_failed'
    throw new ChatbotValidationException(`Invalid request: ${names.join(', ')}.`, fields, code)
  }
  return {
    envelope,
    message: wellFormed(message as string),
    conversationId: typeof conversationId === 'string' ? conversationId.toLowerCase() : undefined,
    clientExtractors,
  }
}
