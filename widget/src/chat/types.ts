import type { DoneStreamEvent, StreamEvent } from '@chatbot-kit/kernel'
import type { WidgetError } from '../api/errors.js'
import type { FetchLike } from '../api/requests.js'
import type { ConversationStore } from '../conversation/store.js'
import type { ExtractorLimits } from '../envelope/payload.js'
import type { ExtractorRegistry } from '../extractors/registry.js'
import type { ChatState } from './state.js'

/** What one request needs, read fresh for each: the host may replace an expired envelope. */
export interface Session {
  endpoint: string
  token: string
  channel: string
  greeting?: string
  extractors: Record<string, ExtractorLimits>
}

export interface ReplyDetail {
  conversationId: string
  messageId: string
  content: string
  finishReason: string
  usage: DoneStreamEvent['usage']
}

export interface ChatControllerOptions {
  session: () => Session
  registry: ExtractorRegistry
  conversations: ConversationStore
  csrfToken: () => string | null
  fetch: FetchLike
  onChange: (state: ChatState) => void
  onSend?: (detail: { message: string }) => void
  onReply?: (detail: ReplyDetail) => void
  onError?: (error: WidgetError) => void
  /** Every stream event of a reply, before it is applied (the handoff module reads its own). */
  onEvent?: (event: StreamEvent) => void
}
