import type { ChatToolCall, PluginApi, Turn } from '@chatbot-kit/kernel'
import { parseArguments } from '../arguments.js'
import { SERVER_WILDCARD } from '../offer.js'
import type { ToolApprovalPolicy } from '../options.js'
import type { ChatbotTool } from '../types.js'

/**
 * Whether a call waits for the user: the channel's `toolApproval` (the fluent scope's included)
 * beats the tool's `approval`; a function decides per call. A function that throws asks the
 * user (an approval check fails closed). Arguments that are not JSON never run, so never ask.
 */
export async function needsApproval(api: PluginApi, turn: Turn, tool: ChatbotTool, call: ChatToolCall): Promise<boolean> {
  const channel = channelPolicy(api.settings(turn.channel).toolApproval, tool.name)
  if (channel) return channel === 'required'
  const { approval = 'auto' } = tool
  if (typeof approval === 'string') return approval === 'required'
  const args = parseArguments(call.function.arguments)
  if (!args.ok) return false
  try {
    return (await approval(args.value as Record<string, unknown>, { turn, callId: call.id, signal: turn.signal })) !== false
  } catch (error) {
    api.logger.error(`The approval check of the tool "${tool.name}" failed; the call waits for the user:`, error)
    return true
  }
}

/**
 * The tool's own entry, else a `<server>__*` covering it: the pattern means what it means in
 * `allowedTools`, so the two keys cannot disagree. Own keys only (a tool may be named `constructor`).
 */
function channelPolicy(policies: Record<string, ToolApprovalPolicy>, name: string): ToolApprovalPolicy | undefined {
  if (Object.hasOwn(policies, name)) return policies[name]
  const pattern = Object.keys(policies).find((key) => key.endsWith(SERVER_WILDCARD) && name.startsWith(key.slice(0, -1)))
  return pattern === undefined ? undefined : policies[pattern]
}
