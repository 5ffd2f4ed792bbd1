import { ChatbotException } from '@chatbot-kit/kernel'

/** The handoff plugin's errors: one class, a stable code and status each (docs/errors.md). */
export class ChatbotHandoffException extends ChatbotException {
  static notEnabled(): ChatbotHandoffException {
    return new ChatbotHandoffException('This channel does not offer a person to talk to.', 'handoff_not_enabled', 403)
  }

  static notFound(): ChatbotHandoffException {
    return new ChatbotHandoffException('No conversation with that id is waiting for or held by a person.', 'handoff_not_found', 404)
  }

  /** Claimed by another agent, or not held by this one (reply, release). */
  static conflict(message: string): ChatbotHandoffException {
    return new ChatbotHandoffException(message, 'handoff_conflict', 409)
  }

  /** An inbound helpdesk event whose signature does not verify, or whose timestamp is more than 5 minutes off. */
  static badSignature(): ChatbotHandoffException {
    return new ChatbotHandoffException('The event is not signed with the handoff webhook secret, or its timestamp is too far off.', 'handoff_signature_invalid', 401)
  }

  private constructor(message: string, code: string, status: number) {
    super(message, { code, status })
  }
}
