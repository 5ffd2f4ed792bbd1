import type { ChatMessage, Turn } from '@chatbot-kit/kernel'

const TAIL_START = 'tools.tailStart'

/** What a paused turn leaves for its continuation, stored with the approval. */
export interface ApprovalTranscript {
  /** The provider messages since the user's message: tool-call rounds and their results so far. */
  messages: ChatMessage[]
  /** Tool calls the turn had used, the paused ones included. */
  toolCalls: number
}

/**
 * Marks, once the prompt is built (`turn:prompt`), where this user message's rounds start:
 * after the user message, or, for a continuation, before the rounds it carries on.
 */
export function markTail(turn: Turn, carried: number): void {
  turn.state[TAIL_START] = turn.request.messages.length - carried
}

export function transcriptOf(turn: Turn): ApprovalTranscript {
  const start = (turn.state[TAIL_START] as number | undefined) ?? turn.request.messages.length
  return { messages: turn.request.messages.slice(start), toolCalls: turn.toolCalls }
}

/** A stored transcript, checked: it came back from the database as JSON. */
export function readTranscript(value: unknown): ApprovalTranscript {
  const { messages, toolCalls } = (value ?? {}) as Partial<ApprovalTranscript>
  return { messages: Array.isArray(messages) ? messages : [], toolCalls: typeof toolCalls === 'number' ? toolCalls : 0 }
}
