import { ChatbotForbiddenException, ChatbotNotFoundException } from '../errors/index.js'
import type { EnvelopePayload } from '../envelope/index.js'
import { createConversation, findConversationByPublicId, type Conversation } from '../storage/index.js'
import type { KernelRuntime } from '../runtime.js'
import { isUuid } from '../text/uuid.js'

/** Ownership: the envelope's identity and channel must match the conversation's. */
export function assertOwnership(conversation: Conversation, envelope: EnvelopePayload): void {
  const owned = envelope.uid !== undefined ? conversation.userId === envelope.uid : conversation.guestId === envelope.gid
  if (!owned || conversation.channel !== envelope.channel) throw new ChatbotForbiddenException()
}

/** A conversation named in a route's path: 404 unless it is a UUID that exists, 403 unless the envelope owns it. */
export function findRequestedConversation(runtime: KernelRuntime, id: string, envelope: EnvelopePayload): Promise<Conversation> {
  if (!isUuid(id)) return Promise.reject(new ChatbotNotFoundException())
  return findOwnedConversation(runtime, id.toLowerCase(), envelope)
}

export async function findOwnedConversation(runtime: KernelRuntime, publicId: string, envelope: EnvelopePayload): Promise<Conversation> {
  const conversation = await findConversationByPublicId(runtime.db, publicId)
  if (!conversation) throw new ChatbotNotFoundException()
  assertOwnership(conversation, envelope)
  return conversation
}

/**
 * The conversation a message goes to: the requested one when it is still within
 * `conversationTtl` of its start, a new one replacing it after that, or a new one.
 */
export async function resolveConversation(
  runtime: KernelRuntime,
  envelope: EnvelopePayload,
  requestedId: string | undefined,
  now: Date,
): Promise<{ conversation: Conversation; fresh: boolean }> {
  const owner = envelope.uid !== undefined ? { userId: envelope.uid } : { guestId: envelope.gid! }
  const create = (rolledFrom?: number) =>
    createConversation(runtime.db, { channel: envelope.channel, owner, routeName: envelope.route, now, ...(rolledFrom === undefined ? {} : { rolledFrom }) })

  if (requestedId === undefined) return { conversation: await create(), fresh: true }
  const existing = await findOwnedConversation(runtime, requestedId, envelope)
  const age = now.getTime() - Date.parse(existing.startedAt)
  if (age > runtime.config.conversationTtl * 1000) return { conversation: await create(existing.id), fresh: true }
  return { conversation: existing, fresh: false }
}
