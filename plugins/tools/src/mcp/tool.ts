import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ChatbotTool, ToolContext } from '../types.js'
import { toOfferedName } from './naming.js'

/** Sends one call to the server: the tool's own name there, the validated arguments, the call's context. */
export type McpCall = (tool: string, offeredAs: string, args: Record<string, unknown>, context: ToolContext) => Promise<string>

/**
 * A server's tool as a chatbot tool: named `<server>__<tool>`, its input schema as `parameters`
 * (without `$schema`: the server's dialect is for the server, ajv checks the keywords), its
 * timeout as the advisory one. Approval, caps and budgets then apply as to any tool; every call
 * is recorded (`persist`), as a host has no other way to audit what an outside server was sent.
 */
export function toChatbotTool(server: string, tool: Tool, timeoutMs: number, call: McpCall): ChatbotTool {
  const name = toOfferedName(server, tool.name)
  const { $schema: _dialect, ...parameters } = tool.inputSchema
  return {
    name,
    description: tool.description ?? tool.title ?? '',
    parameters,
    timeout: timeoutMs / 1000,
    persist: true,
    handler: (args, context) => call(tool.name, name, args, context),
  }
}

/** A server's listed tools by offered name; two that come out under one name keep the first (`onClash` says which). */
export function toChatbotTools(server: string, listed: Tool[], timeoutMs: number, call: McpCall, onClash: (name: string) => void): Map<string, ChatbotTool> {
  const tools = new Map<string, ChatbotTool>()
  for (const tool of listed) {
    const converted = toChatbotTool(server, tool, timeoutMs, call)
    if (tools.has(converted.name)) onClash(converted.name)
    else tools.set(converted.name, converted)
  }
  return tools
}
