import type { ChatbotException } from '../errors/index.js'

export interface EventIdentity {
  userId?: string
  guestId?: string
}

interface TurnEventBase {
  conversationId: string
  channel: string
  routeName: string
  identity: EventIdentity
}

/** The user message is stored and the provider is about to be called. */
export class ChatbotMessageStarted {
  constructor(readonly payload: TurnEventBase & { messageId: string; content: string }) {}
}

/** The reply streamed to the end and is stored. */
export class ChatbotMessageCompleted {
  constructor(
    readonly payload: TurnEventBase & {
      messageId: string
      finishReason: string
      usage: { inputTokens: number; outputTokens: number }
      durationMs: number
    },
  ) {}
}

/** The turn ended with an error (or the browser left); a partial reply, if any, is stored as incomplete. */
export class ChatbotMessageFailed {
  constructor(readonly payload: TurnEventBase & { error: ChatbotException; partialMessageId: string | null }) {}
}

/** The sanitizer escaped a reserved tag in a context section. */
export class ChatbotSuspiciousContextDetected {
  constructor(readonly payload: { channel: string; section: string; identity: EventIdentity; matches: string[] }) {}
}

export type ChatbotEvent = ChatbotMessageStarted | ChatbotMessageCompleted | ChatbotMessageFailed | ChatbotSuspiciousContextDetected
// Constructor types are how listeners pick an event: chatbot.on(ChatbotMessageCompleted, fn).
export type ChatbotEventClass<E extends ChatbotEvent = ChatbotEvent> = new (payload: never) => E
