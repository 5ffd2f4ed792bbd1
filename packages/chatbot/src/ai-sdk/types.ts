import type { ContextSectionSummary } from '@chatbot-kit/kernel'
import type { UIMessage } from 'ai'

/** What `message.metadata` holds on the messages this transport builds (all optional: a UI may add its own). */
export interface ChatbotMessageMetadata {
  /** Our public id of the reply (`done.message_id`); for a continued turn, the continuation's. Feedback takes it. */
  messageId?: string
  conversationId?: string
  /** Our finish reason: `stop`, `length`, `tool_calls`, `stopped`, `approval_required`, … */
  finishReason?: string
  usage?: { inputTokens: number; outputTokens: number }
  /** The ids of the `source-url` parts (`sourceId`) the reply cited with `[n]`, in order of first use (`done.citations`). */
  citations?: number[]
  /** From the history: `streaming` is a reply still in progress (`chat.resumeStream()` follows it). */
  status?: 'complete' | 'incomplete' | 'streaming'
  createdAt?: string
  /** The rating a reply got (feedback plugin), from the history. */
  feedback?: 'up' | 'down' | null
  /** A stream `error` event: its stable code besides the message `chat.error` shows. */
  error?: { code: string; message: string; retryable: boolean }
}

/** One call waiting for the user, as the `data-approval` part lists it. */
export interface ChatbotApprovalCall {
  callId: string
  toolName: string
  input: unknown
}

/** The data parts this transport adds, by name (`data-context-summary`, `data-approval`). */
export type ChatbotDataParts = {
  'context-summary': { sections: ContextSectionSummary[]; contextHash: string; messageId: string }
  approval: { approvalId: string; calls: ChatbotApprovalCall[]; expiresAt: string; status: 'pending' | 'decided' }
}

/** `UIMessage` typed for this transport: `useChat<ChatbotUIMessage>({ transport })`. */
export type ChatbotUIMessage = UIMessage<ChatbotMessageMetadata, ChatbotDataParts>

/** A decision for every call of a round, or one per call id. */
export type ApprovalDecision = 'approve' | 'deny' | Record<string, 'approve' | 'deny'>

type Resolvable<T> = T | (() => T | Promise<T>)

/** `fetch`, or anything shaped like it (a test's cookie jar, a wrapper adding headers). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export interface ChatbotTransportOptions {
  /** Where the chatbot routes are mounted; default `/chatbot`. May be absolute (`https://host/chatbot`). */
  base?: string
  /** The envelope minted at page render; a function is called for every request (a fresh one each time). */
  signedContext: Resolvable<string>
  /** Continue this conversation; otherwise the first reply starts one. */
  conversationId?: string
  /** Called when the conversation id changes (the first reply of a new conversation): keep it for the next page load. */
  onConversationId?: (conversationId: string | undefined) => void
  /** Default: the global `fetch`. */
  fetch?: FetchLike
  /**
   * Extra headers for every request (an `X-CSRF-TOKEN` under the `web` middleware). Default: the
   * page's `<meta name="csrf-token">`, when there is one and `base` is on this origin.
   */
  headers?: Resolvable<Record<string, string> | Headers>
  /** `credentials` of every request; default the browser's `same-origin`. */
  credentials?: RequestCredentials
}
