import { closest, type ChannelConfig, type PluginApi } from '@chatbot-kit/kernel'
import type { ChatbotTool } from './types.js'

/** The chatbot's tools by name, seeded from `tools.definitions`; puts `tools`, `registerTool` and `clearTools` on the facade. */
export function provideToolRegistry(api: PluginApi): ReadonlyMap<string, ChatbotTool> {
  const registry = new Map(api.config.tools.definitions.map((tool) => [tool.name, tool]))
  api.provide('tools', () => [...registry.values()])
  api.provide('registerTool', (tool) => (registry.set(tool.name, tool), api.chatbot))
  api.provide('clearTools', () => (registry.clear(), api.chatbot))
  return registry
}

/** Each `allowedTools` entry naming no registered tool (it is never offered), with the closest registered name. */
export function unknownToolWarnings(channels: Record<string, ChannelConfig>, registered: Iterable<string>, servers: readonly string[] = []): string[] {
  const tools = new Set(registered)
  const warnings: string[] = []
  for (const [name, block] of Object.entries(channels)) {
    for (const tool of block.allowedTools ?? []) {
      // An MCP server's tools are known once it answers: its names are checked against the config only.
      const server = /^(.+?)__/.exec(tool)?.[1]
      if (tools.has(tool) || (server !== undefined && servers.includes(server))) continue
      const hint = closest(tool, tools)
      warnings.push(`channels.${name}.allowedTools: "${tool}" names no registered tool${hint ? ` (did you mean "${hint}"?)` : ''}; it is never offered.`)
    }
  }
  return warnings
}
