import { type ChannelConfig, type PluginApi } from '@chatbot-kit/kernel'
import { closest } from '@chatbot-kit/kernel/plugin'
import type { ChatbotTool } from './types.js'

/** The chatbot's tools by name, seeded from `tools.definitions`; puts `tools`, `registerTool` and `clearTools` on the facade. */
export function provideToolRegistry(api: PluginApi): ReadonlyMap<string, ChatbotTool> {
  const registry = new Map(api.config.tools.definitions.map((tool) => [tool.name, tool]))
  api.provide('tools', () => [...registry.values()])
  api.provide('registerTool', (tool) => (registry.set(tool.name, tool), api.chatbot))
  api.provide('clearTools', () => (registry.clear(), api.chatbot))
  return registry
}

/** What an entry naming no tool means, per channel key that names tools. */
const NO_EFFECT = { allowedTools: 'it is never offered', toolApproval: 'it applies to no call' } as const

/**
 * Each channel's `allowedTools` entry or `toolApproval` key naming no registered tool, with the
 * closest registered name. `<server>__…` names of a configured MCP server pass: its tools are
 * known only once it answers.
 */
export function unknownToolWarnings(channels: Record<string, ChannelConfig>, registered: Iterable<string>, servers: readonly string[] = []): string[] {
  const tools = new Set(registered)
  const warnings: string[] = []
  for (const [name, block] of Object.entries(channels)) {
    const named = { allowedTools: block.allowedTools ?? [], toolApproval: Object.keys(block.toolApproval ?? {}) }
    for (const key of ['allowedTools', 'toolApproval'] as const) {
      for (const tool of named[key]) {
        if (tools.has(tool) || servers.some((server) => tool.startsWith(`${server}__`))) continue
        const hint = closest(tool, tools)
        warnings.push(`channels.${name}.${key}: "${tool}" names no registered tool${hint ? ` (did you mean "${hint}"?)` : ''}; ${NO_EFFECT[key]}.`)
      }
    }
  }
  return warnings
}
