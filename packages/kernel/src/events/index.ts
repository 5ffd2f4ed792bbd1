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

/**
 * Every domain event class by name. Plugins add theirs by augmenting it, as the sanitizer adds
 * `ChatbotSuspiciousContextDetected`; `on` and `emit` accept any of them.
 */
export interface ChatbotEvents {
  ChatbotMessageStarted: ChatbotMessageStarted
  ChatbotMessageCompleted: ChatbotMessageCompleted
  ChatbotMessageFailed: ChatbotMessageFailed
}

export type ChatbotEvent = ChatbotEvents[keyof ChatbotEvents]
// Constructor types are how listeners pick an event: chatbot.on(ChatbotMessageCompleted, fn).
export type ChatbotEventClass<E extends ChatbotEvent = ChatbotEvent> = new (payload: never) => E
