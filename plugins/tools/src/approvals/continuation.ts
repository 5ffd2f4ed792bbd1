import type { ChatToolCall, PluginApi, Turn } from '@chatbot-kit/kernel'
import { ToolCallFailure } from '../failure.js'
import { runToolCall } from '../run-call.js'
import type { StoredToolApproval, ToolApprovalDecision } from '../storage/stored-tool-approval.js'
import { reopenApproval } from '../storage/tool-approvals.repository.js'
import type { ChatbotTool } from '../types.js'
import type { ApprovalTranscript } from './transcript.js'

const CONTINUES = 'tools.continues'

/** What the approvals route hands the continuation turn (`turn.state`). */
export interface DecidedApproval {
  approval: StoredToolApproval
  transcript: ApprovalTranscript
  decisions: Record<string, ToolApprovalDecision>
  /** Set once its calls start: a continuation that failed before that gives the decision back. */
  ran?: boolean
}

export const continuationState = (decided: DecidedApproval) => ({ [CONTINUES]: decided })
export const decidedApprovalOf = (turn: Turn) => turn.state[CONTINUES] as DecidedApproval | undefined

/** What the model is told for a call the user declined. */
export const DENIED_NOTE = 'The user declined this tool call. Do not call it again unless they ask; answer without it.'

/**
 * First thing a continuation does (`turn:prompt`, once the tools are offered): the approved
 * calls run as any call does, each denied one gets `tool_failed` `tool_denied`, and every result
 * goes to the model with its call's id. The calls are taken from the paused round as the model
 * made them. A tool no longer offered on the channel is refused (`tool_not_allowed`).
 */
export async function runDecidedCalls(api: PluginApi, turn: Turn, offered: ReadonlyMap<string, ChatbotTool>, decided: DecidedApproval): Promise<void> {
  decided.ran = true
  const made = new Map<string, ChatToolCall>()
  for (const message of decided.transcript.messages) {
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) made.set(call.id, call)
  }
  const results = await Promise.all(
    decided.approval.calls.map(async ({ callId, name, arguments: args }) => {
      const call = made.get(callId) ?? { id: callId, type: 'function' as const, function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } }
      if (decided.decisions[callId] !== 'approve') {
        turn.send({ type: 'tool_failed', call_id: callId, name, error: { code: 'tool_denied', message: 'You declined this call.' } })
        return JSON.stringify({ error: { code: 'tool_denied', message: DENIED_NOTE } })
      }
      const tool = offered.get(name)
      const plan = tool ? { call, tool } : { call, refusal: new ToolCallFailure('tool_not_allowed', `The tool "${name}" is not available.`) }
      return runToolCall(api, turn, plan)
    }),
  )
  decided.approval.calls.forEach(({ callId }, index) => turn.request.messages.push({ role: 'tool', tool_call_id: callId, content: results[index]! }))
}

/**
 * `turn:error`: a continuation that failed before its calls ran (the daily quota refused it in
 * an earlier `turn:prompt` listener) takes its decision back, so the user can decide again
 * rather than lose the calls.
 */
export function reopenUnrun(api: PluginApi) {
  return async (turn: Turn): Promise<void> => {
    const decided = decidedApprovalOf(turn)
    if (!decided || decided.ran) return
    await reopenApproval(api.storage.db, decided.approval).catch((error: unknown) => api.logger.error('Could not reopen a tool approval whose calls did not run:', error))
  }
}
