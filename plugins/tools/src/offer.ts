import type { ChatToolDefinition, PluginApi, Turn } from '@chatbot-kit/kernel'
import { toJsonSchema } from './schema.js'
import type { ChatbotTool } from './types.js'

/**
 * The tools a turn may use: the channel's `allowedTools` that are known, in the channel's order;
 * `<server>__*` stands for every tool of that MCP server. Nothing when the provider has no tool
 * support or the budget is zero.
 */
export function allowedTools(api: PluginApi, known: ReadonlyMap<string, ChatbotTool>, turn: Turn): Map<string, ChatbotTool> {
  const offered = new Map<string, ChatbotTool>()
  if (!api.config.provider.supportsTools || api.config.tools.maxCallsPerTurn === 0) return offered
  for (const name of api.settings(turn.channel).allowedTools) {
    if (name.endsWith(SERVER_WILDCARD)) {
      for (const [toolName, tool] of known) if (allows(name, toolName) && !tool.offered) offered.set(toolName, tool)
      continue
    }
    const tool = known.get(name)
    if (tool && !tool.offered) offered.set(name, tool)
  }
  for (const [name, tool] of known) if (tool.offered?.(turn)) offered.set(name, tool)
  return offered
}

/** Whether the turn's channel allows a tool of this name, known or not (an MCP server's, before it lists them). */
export function isAllowed(api: PluginApi, turn: Turn, toolName: string): boolean {
  return api.settings(turn.channel).allowedTools.some((entry) => allows(entry, toolName))
}

/** `<server>__*` in `allowedTools`: every tool of one MCP server. */
export const SERVER_WILDCARD = '__*'

const allows = (entry: string, toolName: string): boolean => (entry.endsWith(SERVER_WILDCARD) ? toolName.startsWith(entry.slice(0, -1)) : entry === toolName)

export function toToolDefinition(tool: ChatbotTool): ChatToolDefinition {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: toJsonSchema(tool) } }
}

/** Sent once the budget is spent: the tools are withdrawn and the model is told why. */
export const BUDGET_SPENT_NOTE = 'The tool budget for this message is used up. Answer now with the information you already have, without calling tools.'

export function withdrawTools(turn: Turn): void {
  delete turn.request.tools
  delete turn.request.tool_choice
  turn.request.messages.push({ role: 'system', content: BUDGET_SPENT_NOTE })
}
