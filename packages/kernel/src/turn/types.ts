import type { H3Event } from 'h3'
import type { ChannelSettings } from '../config/resolved.js'
import type { Conversation } from '../storage/index.js'
import type { EnvelopePayload } from '../envelope/index.js'
import type { ChatRequest, TokenUsage } from '@chatbot-kit/provider'
import type { ChatbotException } from '../errors/index.js'
import type { ReplySource, StreamEvent } from './stream-events.js'

export type { ReplySource }

/** A context section's value: a string, or a function of the turn evaluated each turn. */
export type ContextValue = string | ((turn: Turn) => string | Promise<string>)

export interface Identity {
  userId?: string
  guestId?: string
}

/** One named block of the system prompt. */
export interface ContextSection {
  name: string
  content: string
  source: 'server' | 'client'
  /** Set by the kernel when the section was cut to its cap. */
  truncated?: boolean
  /**
   * The section's own cap in bytes, in place of `context.sectionSizeCap`, for a plugin that bounds
   * its section by a key of its own (knowledge: `knowledge.maxBytes`, whole chunks dropped).
   */
  sizeCap?: number
}

/**
 * The context of one user message, from the request to the end of the reply. Plugins read it
 * and mutate it in `turn:*` hooks; `state` is theirs for anything else.
 */

export interface Turn {
  readonly id: string
  /**
   * The public id of the assistant reply, known before its first event: the `message_id` of
   * `context_summary` and `done`, the first half of every event's SSE id, the stored row's id.
   */
  readonly replyId: string
  readonly event: H3Event
  readonly envelope: EnvelopePayload
  readonly identity: Identity
  readonly channel: string
  readonly routeName: string
  readonly settings: ChannelSettings
  /** The user's message; `''` for a continuation. */
  readonly message: string
  /**
   * The turn continues a paused one (`continueTurn`): no new user message, the prompt ends with
   * what the paused turn had sent since its user message; plugins seeded `state` for it.
   */
  readonly continuation: boolean
  readonly clientExtractors: Record<string, string>
  conversation: Conversation
  /** Context blocks; assembled into the system prompt after `turn:context`. */
  sections: ContextSection[]
  systemPrompt: string
  contextHash: string
  /** Tokens of the assembled prompt (system + kept history + message). */
  inputTokens: number
  /** The provider request; built before `turn:prompt`, re-sent after tool rounds. */
  request: ChatRequest
  /** The reply text streamed so far. */
  text: string
  /** Exact tokens of `text`'s first `length` characters, counted in pieces as it streams; absent on a turn a test built by hand. */
  readonly textCount?: { readonly tokens: number; readonly length: number }
  usage: TokenUsage
  finishReason: string
  /** Tool executions so far in this turn. */
  toolCalls: number
  /**
   * What the reply may cite, numbered from 1: a plugin (knowledge) sets it before `turn:prompt`;
   * the kernel sends it as the `sources` event before the first token and derives `done.citations`.
   */
  sources: ReplySource[]
  /**
   * Aborts when the stream times out, the turn is stopped or refused, the server shuts down, or
   * (with `stream.abortOnDisconnect`) the browser leaves.
   */
  readonly signal: AbortSignal
  /** Sends an event on the open stream (after `turn:prompt` starts); it gets the next SSE id. */
  send(event: StreamEvent): void
  /**
   * Ends the reply as the user asked: the provider request is aborted, what streamed is stored
   * with finish reason `stopped`, and the stream ends with `done`. No effect once the turn ended.
   */
  stop(): void
  /**
   * Ends the turn before its next provider round, from a hook (`turn:prompt`, `turn:tool`): the
   * reply so far is stored complete with this finish reason, which `done` carries. For a plugin
   * that continues the turn later (`continueTurn`), e.g. once the user approved a tool call.
   */
  pause(finishReason: string): void
  readonly state: Record<string, unknown>
  /** Set by a plugin to rename a failure it caused before the `error` event goes out (attachments: a provider refusing images). */
  explainFailure?: (error: ChatbotException) => ChatbotException
}
