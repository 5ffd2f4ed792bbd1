import type { Chatbot, ChatbotTool, ChatToolDefinition, Turn } from '@chatbot-kit/kernel'
import { toJsonSchema } from './schema.js'

/**
 * The tools a turn may use: the channel's `allowedTools` that are registered, in the
 * channel's order. Nothing when the provider has no tool support or the budget is zero.
 */
export function allowedTools(chatbot: Chatbot, turn: Turn): Map<string, ChatbotTool> {
  const offered = new Map<string, ChatbotTool>()
  if (!chatbot.config.provider.supportsTools || chatbot.config.tools.maxCallsPerTurn === 0) return offered
  const registered = new Map(chatbot.tools().map((tool) => [tool.name, tool]))
  for (const name of chatbot.settings(turn.channel).allowedTools) {
    const tool = registered.get(name)
    if (tool) offered.set(name, tool)
  }
  return offered
}

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
