import type { PendingToolCall, ReplySource } from '@chatbot-kit/kernel'
import { toolApprovalId } from './chunks.js'
import { toSourceParts } from './sources.js'
import type { ChatbotUIMessage } from './types.js'

/** The history route's answer (docs/http-api.md#get-chatbotconversationsidmessages), as far as the chat needs it. */
export interface HistoryBody {
  messages: {
    id: string | null
    role: 'user' | 'assistant'
    content: string
    status: 'complete' | 'incomplete' | 'streaming'
    created_at: string
    feedback?: 'up' | 'down' | null
    sources?: ReplySource[]
    citations?: number[]
  }[]
  pending_approval?: { approval_id: string; calls: PendingToolCall[]; expires_at: string } | null
}

/**
 * The history as UI messages: our public ids (`greeting` for the channel greeting), a reply's
 * `source-url` parts, one text part each, `metadata.status` (`streaming` for a reply in progress: `chat.resumeStream()` follows it).
 * A round waiting for approval shows on the last reply as tool parts in state `approval-requested`
 * and a `data-approval` part, as the stream showed it.
 */
export function toUIMessages(body: HistoryBody): ChatbotUIMessage[] {
  const messages = body.messages.map((message, index): ChatbotUIMessage => ({
    id: message.id ?? (index === 0 && message.role === 'assistant' ? 'greeting' : `history-${index}`),
    role: message.role,
    // The sources first, as the stream sent them before the text.
    parts: [...toSourceParts(message.sources), ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content, state: 'done' as const }])],
    metadata: {
      ...(message.id ? { messageId: message.id } : {}),
      status: message.status,
      createdAt: message.created_at,
      ...(message.feedback !== undefined ? { feedback: message.feedback } : {}),
      ...(message.citations ? { citations: message.citations } : {}),
    },
  }))
  const pending = body.pending_approval
  if (!pending) return messages
  let last = messages.at(-1)
  if (last?.role !== 'assistant') {
    last = { id: `approval-${pending.approval_id}`, role: 'assistant', parts: [] }
    messages.push(last)
  }
  for (const call of pending.calls) {
    last.parts.push({ type: 'dynamic-tool', toolCallId: call.call_id, toolName: call.name, input: call.arguments, state: 'approval-requested', approval: { id: toolApprovalId(pending.approval_id, call.call_id) } })
  }
  last.parts.push({
    type: 'data-approval',
    id: pending.approval_id,
    data: { approvalId: pending.approval_id, calls: pending.calls.map((call) => ({ callId: call.call_id, toolName: call.name, input: call.arguments })), expiresAt: pending.expires_at, status: 'pending' },
  })
  return messages
}
