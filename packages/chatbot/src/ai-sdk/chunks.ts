import type { StreamEvent } from '@chatbot-kit/kernel'
import type { FinishReason, UIMessageChunk } from 'ai'
import { toSourceParts } from './sources.js'
import type { ChatbotDataParts, ChatbotMessageMetadata } from './types.js'

export type ChatbotChunk = UIMessageChunk<ChatbotMessageMetadata, ChatbotDataParts>

export interface ChunkMapperOptions {
  conversationId: () => string | undefined
  /** Tool calls the message being continued shows already: their input is not sent again. */
  knownToolCalls?: Iterable<string>
  /**
   * The stream continues an assistant message the chat shows (an approved round): its `start`
   * keeps that message's id instead of taking the new reply's, so the chat appends to it.
   */
  continues?: boolean
  /** Chunks sent right after `start` (the decided approval's data part, on a continuation). */
  afterStart?: ChatbotChunk[]
}

const FINISH: Record<string, FinishReason> = { stop: 'stop', length: 'length', tool_calls: 'tool-calls', content_filter: 'content-filter', approval_required: 'tool-calls', stopped: 'stop' }

/** The composite id of one call's approval in a tool part: the AI SDK approves call by call. */
export const toolApprovalId = (approvalId: string, callId: string): string => `${approvalId}:${callId}`

/**
 * Turns our stream events into UI message chunks, in order, one reply at a time (docs/ai-sdk.md
 * has the table). Text runs between tool events become separate text parts.
 */
export function createChunkMapper(options: ChunkMapperOptions) {
  const known = new Set(options.knownToolCalls)
  let started = false
  let replyId = ''
  let textId: string | undefined
  let texts = 0

  const start = (messageId?: string): ChatbotChunk[] => {
    if (started) return []
    started = true
    const metadata: ChatbotMessageMetadata = { ...(messageId ? { messageId } : {}), ...conversation() }
    return [{ type: 'start', ...(messageId && !options.continues ? { messageId } : {}), messageMetadata: metadata }, ...(options.afterStart ?? [])]
  }
  const conversation = () => {
    const id = options.conversationId()
    return id ? { conversationId: id } : {}
  }
  const endText = (): ChatbotChunk[] => {
    if (!textId) return []
    const id = textId
    textId = undefined
    return [{ type: 'text-end', id }]
  }
  const ensureTool = (callId: string, toolName: string, input: unknown): ChatbotChunk[] => {
    if (known.has(callId)) return []
    known.add(callId)
    return [{ type: 'tool-input-available', toolCallId: callId, toolName, input, dynamic: true }]
  }

  function map(event: StreamEvent): ChatbotChunk[] {
    switch (event.type) {
      case 'context_summary':
        replyId = event.message_id
        return [...start(event.message_id), { type: 'data-context-summary', id: event.message_id, data: { sections: event.sections, contextHash: event.context_hash, messageId: event.message_id } }]
      case 'token': {
        if (textId) return [{ type: 'text-delta', id: textId, delta: event.content }]
        textId = `${replyId || 'reply'}-text-${++texts}`
        return [...start(), { type: 'text-start', id: textId }, { type: 'text-delta', id: textId, delta: event.content }]
      }
      case 'sources':
        return [...start(), ...endText(), ...toSourceParts(event.sources)]
      case 'tool_started':
        return [...start(), ...endText(), ...ensureTool(event.call_id, event.name, event.arguments)]
      case 'tool_finished':
        return [
          ...start(),
          ...endText(),
          ...ensureTool(event.call_id, event.name, undefined),
          { type: 'tool-output-available', toolCallId: event.call_id, output: event.result ?? null, dynamic: true, toolMetadata: { durationMs: event.duration_ms, overran: event.overran } },
        ]
      case 'tool_failed': {
        const outcome: ChatbotChunk =
          event.error.code === 'tool_denied'
            ? { type: 'tool-output-denied', toolCallId: event.call_id }
            : { type: 'tool-output-error', toolCallId: event.call_id, errorText: event.error.message, dynamic: true, toolMetadata: { code: event.error.code } }
        return [...start(), ...endText(), ...ensureTool(event.call_id, event.name, undefined), outcome]
      }
      case 'tool_approval_required': {
        const calls = event.calls.map((call) => ({ callId: call.call_id, toolName: call.name, input: call.arguments }))
        return [
          ...start(),
          ...endText(),
          ...event.calls.flatMap((call): ChatbotChunk[] => [
            ...ensureTool(call.call_id, call.name, call.arguments),
            { type: 'tool-approval-request', approvalId: toolApprovalId(event.approval_id, call.call_id), toolCallId: call.call_id },
          ]),
          { type: 'data-approval', id: event.approval_id, data: { approvalId: event.approval_id, calls, expiresAt: event.expires_at, status: 'pending' } },
        ]
      }
      case 'done': {
        const metadata: ChatbotMessageMetadata = {
          messageId: event.message_id,
          conversationId: event.conversation_id,
          finishReason: event.finish_reason,
          usage: { inputTokens: event.usage.input_tokens, outputTokens: event.usage.output_tokens },
          citations: event.citations,
        }
        return [...start(), ...endText(), { type: 'finish', finishReason: FINISH[event.finish_reason] ?? 'other', messageMetadata: metadata }]
      }
      case 'error':
        return [
          ...start(),
          ...endText(),
          { type: 'message-metadata', messageMetadata: { error: { code: event.code, message: event.message, retryable: event.retryable } } },
          { type: 'error', errorText: event.message },
        ]
      default:
        // An event of a plugin, or of a newer server: not ours to show.
        return []
    }
  }

  return { map }
}
