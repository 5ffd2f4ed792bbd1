import type { H3Event } from 'h3'
import { ChatbotInvalidEnvelopeException, ChatbotValidationException } from '../errors/index.js'
import type { EnvelopePayload } from '../envelope/index.js'
import { readJsonObject } from '../http/body.js'
import type { KernelRuntime } from '../runtime.js'

export interface MessageRequest {
  envelope: EnvelopePayload
  message: string
  conversationId: string | undefined
  clientExtractors: Record<string, string>
}

const NOT_ALLOWED = 'is not an allowed extractor on this channel'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Validates `POST /messages`: a missing or bad envelope is 403 (checked first, like any
 * invalid envelope); other problems are 422 with every bad field named.
 */
export async function readMessageRequest(runtime: KernelRuntime, event: H3Event): Promise<MessageRequest> {
  const body = await readJsonObject(event)
  if (body.signed_context === undefined || body.signed_context === '') throw new ChatbotInvalidEnvelopeException('The signed_context field is missing.')
  const envelope = runtime.signer.verify(body.signed_context)

  const fields: Record<string, string> = {}
  const { message, conversation_id: conversationId, client_extractors: extractors } = body
  if (typeof message !== 'string' || message.trim() === '') fields.message = 'is required and must be a non-empty string'
  if (conversationId !== undefined && conversationId !== null && (typeof conversationId !== 'string' || !UUID.test(conversationId))) {
    fields.conversation_id = 'must be a conversation id (a UUID) or absent'
  }
  const clientExtractors: Record<string, string> = {}
  if (extractors !== undefined && extractors !== null) {
    if (typeof extractors !== 'object' || Array.isArray(extractors)) fields.client_extractors = 'must be an object of name → text'
    else {
      for (const [name, value] of Object.entries(extractors)) {
        if (typeof value !== 'string') fields[`client_extractors.${name}`] = 'must be a string'
        else if (!envelope.extractors || !Object.hasOwn(envelope.extractors, name)) fields[`client_extractors.${name}`] = NOT_ALLOWED
        else clientExtractors[name] = value
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
    message: message as string,
    conversationId: typeof conversationId === 'string' ? conversationId.toLowerCase() : undefined,
    clientExtractors,
  }
}
