import type { PendingToolCall, ReplySource, StreamEvent } from '@chatbot-kit/kernel'
import type { WidgetError } from '../api/errors.js'
import type { AttachmentSummary, HistoryMessage, Rating } from '../api/requests.js'

export interface ToolActivity {
  callId: string
  name: string
  /** `denied`: the user declined the call (`tool_failed` with code `tool_denied`). */
  state: 'running' | 'done' | 'failed' | 'denied'
  /** The arguments from `tool_started`, for the transcript (a denied call has none). */
  args?: unknown
}

/** The user's answer to one paused tool call. */
export type Decision = 'approve' | 'deny'

/** Tool calls waiting for the user's decision (contract §9.2); `choices` holds per-call answers given so far. */
export interface PendingApproval {
  id: string
  calls: PendingToolCall[]
  choices: Record<string, Decision>
}

export interface ChatMessage {
  /** Stable within the page, for keyed rendering. */
  key: string
  role: 'user' | 'assistant'
  content: string
  /** `streaming` while tokens arrive; `stopped` or `failed` keeps what arrived before. */
  status: 'complete' | 'streaming' | 'stopped' | 'failed'
  tools: ToolActivity[]
  /** The stored message's public id, once known (`null` for the greeting and a reply not yet named). */
  id: string | null
  /** A reply's rating: from the history, then as the user rates it. */
  feedback?: Rating | null
  /** What the reply may cite as `[n]`: the `sources` event, or the history's. */
  sources?: ReplySource[]
  /** The name of the person who wrote it (handoff); a model's reply has none. */
  author?: string
  /** The files a user message carried (history, 1.2), shown by the attachments module. */
  attachments?: AttachmentSummary[]
}

export interface ChatState {
  messages: ChatMessage[]
  phase: 'idle' | 'loading' | 'streaming'
  error: WidgetError | null
  /** The reply's stream dropped and the widget is waiting to reconnect to it. */
  reconnecting: boolean
  /**
   * What the polite live region reads, once per `key`: each completed reply (`paused` when it
   * waits for approval), and the thanks for a rating.
   */
  announcement: { key: string; text: string; paused?: boolean } | null
  /** Tool calls the turn paused on, shown with Approve and Deny. */
  approval: PendingApproval | null
  /** Why a decision was not taken (`approval_decided`, `approval_expired`): shown in the status line, without Retry. */
  notice: WidgetError | null
}

export const initialState = (): ChatState => ({ messages: [], phase: 'idle', error: null, reconnecting: false, announcement: null, approval: null, notice: null })

let counter = 0
export const createMessage = (role: ChatMessage['role'], content: string, status: ChatMessage['status'] = 'complete', id: string | null = null): ChatMessage => ({
  key: `m${++counter}`,
  role,
  content,
  status,
  tools: [],
  id,
})

/** A stored message as shown: a reply cut short (`incomplete`) looks like a stopped one. */
export const fromHistory = (message: HistoryMessage): ChatMessage => ({
  // Spread first: what the widget does not read itself (`attachments`) stays for a module that does.
  ...message,
  ...createMessage(message.role, message.content, message.status === 'incomplete' ? 'stopped' : message.status === 'streaming' ? 'streaming' : 'complete', message.id ?? null),
  author: message.author?.name,
})

/** Applies one stream event to the reply being streamed (the last message). */
export function applyToReply(reply: ChatMessage, event: StreamEvent): ChatMessage {
  switch (event.type) {
    case 'context_summary':
      // Named from its first event, so a reply stopped here can still be rated.
      return { ...reply, id: event.message_id ?? reply.id }
    case 'token':
      return { ...reply, content: reply.content + event.content }
    case 'sources':
      return { ...reply, sources: event.sources }
    case 'tool_started':
      return { ...reply, tools: [...reply.tools, { callId: event.call_id, name: event.name, state: 'running', args: event.arguments }] }
    case 'tool_finished':
    case 'tool_failed': {
      const state = event.type === 'tool_finished' ? 'done' : event.error.code === 'tool_denied' ? 'denied' : 'failed'
      const known = reply.tools.find((tool) => tool.callId === event.call_id)
      // A denied call never started: it joins the list as it ends.
      return { ...reply, tools: known ? reply.tools.map((tool) => (tool === known ? { ...known, state } : tool)) : [...reply.tools, { callId: event.call_id, name: event.name, state }] }
    }
    case 'done':
      // Stopped from this tab, another one, or another device: the same mark as a local Stop.
      return { ...reply, id: event.message_id, status: event.finish_reason === 'stopped' ? 'stopped' : 'complete' }
    case 'error':
      return { ...reply, status: 'failed' }
    default:
      return reply
  }
}

/** A paused turn's calls as shown, from the stream event or the history's `pending_approval`. */
export const toApproval = (event: { approval_id: string; calls: PendingToolCall[] }): PendingApproval => ({ id: event.approval_id, calls: event.calls, choices: {} })

/** A reply that got nothing at all is dropped instead of left as an empty bubble. */
export const isEmptyReply = (message: ChatMessage | undefined): boolean =>
  message?.role === 'assistant' && message.content === '' && message.tools.length === 0
