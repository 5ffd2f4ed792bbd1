import type { PendingToolCall, StreamEvent } from '@chatbot-kit/kernel'
import type { WidgetError } from '../api/errors.js'
import type { HistoryMessage } from '../api/requests.js'

export interface ToolActivity {
  callId: string
  name: string
  /** `denied`: the user declined the call (`tool_failed` with code `tool_denied`). */
  state: 'running' | 'done' | 'failed' | 'denied'
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
}

export interface ChatState {
  messages: ChatMessage[]
  phase: 'idle' | 'loading' | 'streaming'
  error: WidgetError | null
  /** The reply's stream dropped and the widget is waiting to reconnect to it. */
  reconnecting: boolean
  /** The last completed reply, set once per reply for the polite live region. */
  announcement: { key: string; text: string } | null
  /** Tool calls the turn paused on, shown with Approve and Deny. */
  approval: PendingApproval | null
  /** Why a decision was not taken (`approval_decided`, `approval_expired`): shown in the status line, without Retry. */
  notice: WidgetError | null
}

export const initialState = (): ChatState => ({ messages: [], phase: 'idle', error: null, reconnecting: false, announcement: null, approval: null, notice: null })

let counter = 0
export const createMessage = (role: ChatMessage['role'], content: string, status: ChatMessage['status'] = 'complete'): ChatMessage => ({
  key: `m${++counter}`,
  role,
  content,
  status,
  tools: [],
})

/** A stored message as shown: a reply cut short (`incomplete`) looks like a stopped one. */
export const fromHistory = (message: HistoryMessage): ChatMessage =>
  createMessage(message.role, message.content, message.status === 'incomplete' ? 'stopped' : message.status === 'streaming' ? 'streaming' : 'complete')

/** Applies one stream event to the reply being streamed (the last message). */
export function applyToReply(reply: ChatMessage, event: StreamEvent): ChatMessage {
  switch (event.type) {
    case 'token':
      return { ...reply, content: reply.content + event.content }
    case 'tool_started':
      return { ...reply, tools: [...reply.tools, { callId: event.call_id, name: event.name, state: 'running' }] }
    case 'tool_finished':
    case 'tool_failed': {
      const state = event.type === 'tool_finished' ? 'done' : event.error.code === 'tool_denied' ? 'denied' : 'failed'
      // A denied call never started: it joins the list as it ends.
      const tool: ToolActivity = { callId: event.call_id, name: event.name, state }
      return { ...reply, tools: reply.tools.some((known) => known.callId === tool.callId) ? reply.tools.map((known) => (known.callId === tool.callId ? tool : known)) : [...reply.tools, tool] }
    }
    case 'done':
      // Stopped from this tab, another one, or another device: the same mark as a local Stop.
      return { ...reply, status: event.finish_reason === 'stopped' ? 'stopped' : 'complete' }
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
