import type { H3Event } from 'h3'
import type { ChatbotException } from './errors/index.js'
import type { EnvelopeClaims } from './envelope/index.js'
import type { ChatToolCall } from '@chatbot-kit/provider'
import type { SentEvent } from './turn/event-sink.js'
import type { HistoryContext } from './turn/history.js'
import type { Turn } from './turn/types.js'

/** A request to any chatbot route, before its handler runs. */
export interface RequestContext {
  event: H3Event
  /** Route name, e.g. `chatbot.messages`, `chatbot.health`. */
  route: string
  /** The channel the request is about, when the route knows it before the handler. */
  channel: string | undefined
}

/** A route answered with an error instead of handling the request: a refusal (4xx) or a failure (5xx). */
export interface RefusalContext extends RequestContext {
  /** What the client is told: `error.code()` and `error.status`. */
  error: ChatbotException
}

/** What `renderWidget` is about to return; plugins may add head tags or set cookies. */
export interface WidgetRenderContext {
  event: H3Event
  channel: string
  claims: EnvelopeClaims
  head: string[]
  attributes: Record<string, string>
}

/**
 * Every hook the kernel calls, in turn order (docs/architecture.md draws the lifecycle).
 * Hooks mutate the object they get; throwing a `ChatbotException` stops the turn: as an HTTP
 * status before the stream starts (`request` … `turn:context`), as an `error` event after.
 */
export interface ChatbotHooks {
  /** Every route, before its handler (throttling). */
  request: (context: RequestContext) => void | Promise<void>
  /**
   * A route's error response is being sent (before a reply stream opened). Synchronous and read
   * only: a refused flood calls it once per request (the admin plugin counts refusals per day).
   */
  'request:refused': (refusal: RefusalContext) => void
  /** An envelope is being minted (the kernel filled `greeting`): add claims (the extractors plugin's `extractors`), or throw to refuse. */
  'envelope:mint': (claims: EnvelopeClaims) => void
  /** `renderWidget` output is being assembled. */
  'widget:render': (context: WidgetRenderContext) => void | Promise<void>
  /** Envelope verified, body valid, conversation resolved; nothing stored yet. */
  'turn:start': (turn: Turn) => void | Promise<void>
  /** Add or rewrite `turn.sections` (context blocks of the system prompt). */
  'turn:context': (turn: Turn) => void | Promise<void>
  /** The stream is open and `turn.request` is built: adjust it, or throw (quota). */
  'turn:prompt': (turn: Turn) => void | Promise<void>
  /** Each text delta from the provider. Synchronous only: it runs once per token. */
  'turn:chunk': (turn: Turn, text: string) => void
  /**
   * The provider asked for tool calls; a listener runs them and appends results to
   * `turn.request.messages`. Called only while `turn.request` offers tools (a non-empty `tools`,
   * `tool_choice` not `'none'`); withdrawing them ends the loop after the next round.
   */
  'turn:tool': (turn: Turn, calls: ChatToolCall[]) => void | Promise<void>
  /**
   * Each event of the reply, as written to the stream (and after the browser left): its SSE id
   * and the exact frame. Synchronous only, like `turn:chunk` (the replies plugin's replay log).
   */
  'turn:event': (turn: Turn, sent: SentEvent) => void
  /** The reply is complete (or stopped) and stored. */
  'turn:end': (turn: Turn) => void | Promise<void>
  /** The turn failed (or the browser left); `turn.text` holds what was streamed. */
  'turn:error': (turn: Turn, error: ChatbotException) => void | Promise<void>
  /** A history response is being built: add entries (the replies plugin adds a reply in progress). */
  'conversation:history': (context: HistoryContext) => void | Promise<void>
  /** Every plugin's `setup` ran and the routes are mounted (the tools plugin checks `allowedTools` here). */
  ready: () => void | Promise<void>
  /** `close()` was called. */
  close: () => void | Promise<void>
}
