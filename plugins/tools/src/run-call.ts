import { truncateUtf8, type ChatToolCall, type PluginApi, type Turn } from '@chatbot-kit/kernel'
import { startToolSpan } from '@chatbot-kit/kernel/plugin'
import { assertArgumentLengths, parseArguments } from './arguments.js'
import { ToolCallFailure } from './failure.js'
import { validateArguments } from './schema.js'
import { insertToolInvocation } from './storage/tool-invocations.repository.js'
import type { ChatbotTool, PersistableTool } from './types.js'

/** One call the model asked for: the allowed tool it names, or why it is refused outright. */
export type CallPlan = { call: ChatToolCall; tool: ChatbotTool } | { call: ChatToolCall; refusal: ToolCallFailure }

interface Outcome {
  result: string | null
  failure: ToolCallFailure | undefined
  startedAt: Date
  durationMs: number | null
  overran: boolean
}

/**
 * Runs one call and returns the content of its `tool` message. Every call gets `tool_started`,
 * then `tool_finished` or `tool_failed`; a failure becomes an error result so the model can recover.
 * Each call, refused ones too, is an `execute_tool` span under the turn's (docs/observability.md).
 */
export async function runToolCall(api: PluginApi, turn: Turn, plan: CallPlan): Promise<string> {
  const { call } = plan
  const span = startToolSpan(call, api.config.telemetry.captureContent)
  const parsed = parseArguments(call.function.arguments)
  turn.send({ type: 'tool_started', call_id: call.id, name: call.function.name, arguments: parsed.ok ? parsed.value : call.function.arguments })
  const running = 'tool' in plan ? execute(api, turn, plan.tool, call, parsed) : Promise.resolve(refused(plan.refusal))
  const outcome = await running.catch((error: unknown) => {
    // Not a tool failure but a fault of ours: the turn ends with internal_error, and so does the span.
    span.end({ result: null, errorCode: 'internal_error' })
    throw error
  })
  span.end({ result: outcome.result, errorCode: outcome.failure?.code })
  if ('tool' in plan && (plan.tool as Partial<PersistableTool>).persist === true) await persist(api, turn, call, parsed, outcome)

  if (outcome.failure) {
    const { code, message, detail } = outcome.failure
    turn.send({ type: 'tool_failed', call_id: call.id, name: call.function.name, error: { code, message } })
    return JSON.stringify({ error: { code, message: detail } })
  }
  // Without a failure the handler ran: its result and duration are set.
  const visible = 'tool' in plan && plan.tool.clientVisible === true
  turn.send({ type: 'tool_finished', call_id: call.id, name: call.function.name, duration_ms: outcome.durationMs!, overran: outcome.overran, ...(visible ? { result: outcome.result! } : {}) })
  return outcome.result!
}

function refused(failure: ToolCallFailure): Outcome {
  return { result: null, failure, startedAt: new Date(), durationMs: null, overran: false }
}

async function execute(api: PluginApi, turn: Turn, tool: ChatbotTool, call: ChatToolCall, parsed: ReturnType<typeof parseArguments>): Promise<Outcome> {
  const limits = api.config.tools
  const startedAt = new Date()
  const timing: Pick<Outcome, 'durationMs' | 'overran'> = { durationMs: null, overran: false }
  try {
    if (!parsed.ok) throw new ToolCallFailure('invalid_arguments', 'The arguments are not valid JSON.')
    assertArgumentLengths(parsed.value, tool.maxArgLength ?? limits.defaultMaxArgLength)
    const valid = await validateArguments(tool, parsed.value)
    if (!valid.ok) throw new ToolCallFailure('invalid_arguments', valid.message)
    const began = performance.now()
    let value: unknown
    try {
      value = await tool.handler(valid.value as Record<string, unknown>, { turn, callId: call.id, signal: turn.signal })
    } catch (error) {
      // A source that maps its own failures (MCP: tool_unavailable, tool_error with the server's text) keeps them.
      if (error instanceof ToolCallFailure) throw error
      api.logger.error(`The tool "${tool.name}" failed:`, error)
      // The model gets the handler's message to recover; the browser only learns that it failed.
      throw new ToolCallFailure('tool_error', `The tool "${tool.name}" failed.`, error instanceof Error ? error.message : String(error))
    } finally {
      // Measured around the handler only; the budget is advisory, never enforced.
      const elapsed = performance.now() - began
      timing.durationMs = Math.round(elapsed)
      timing.overran = elapsed > (tool.timeout ?? limits.defaultTimeout) * 1000
    }
    const text = typeof value === 'string' ? value : JSON.stringify(value ?? null)
    return { result: truncateUtf8(text, limits.resultSizeCap).text, failure: undefined, startedAt, ...timing }
  } catch (error) {
    if (!(error instanceof ToolCallFailure)) throw error
    return { result: null, failure: error, startedAt, ...timing }
  }
}

/** A `PersistableTool` keeps a record of every call; a storage failure is logged, not fatal to the reply. */
async function persist(api: PluginApi, turn: Turn, call: ChatToolCall, parsed: ReturnType<typeof parseArguments>, outcome: Outcome): Promise<void> {
  try {
    await insertToolInvocation(api.storage.db, {
      conversationId: turn.conversation.id,
      callId: call.id,
      toolName: call.function.name,
      arguments: parsed.ok ? parsed.value : call.function.arguments,
      result: outcome.result,
      error: outcome.failure ? `${outcome.failure.code}: ${outcome.failure.detail}` : null,
      startedAt: outcome.startedAt,
      finishedAt: new Date(),
      durationMs: outcome.durationMs,
      overran: outcome.overran,
    })
  } catch (error) {
    api.logger.error(`Could not store the invocation of "${call.function.name}":`, error)
  }
}
