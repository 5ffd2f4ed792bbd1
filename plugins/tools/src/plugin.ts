import { definePlugin, type ChatbotPlugin, type PluginApi, type Turn } from '@chatbot-kit/kernel'
import { ToolCallFailure } from './failure.js'
import { allowedTools, toToolDefinition, withdrawTools } from './offer.js'
import { toolsOptions } from './options.js'
import { provideToolRegistry, unknownToolWarnings } from './registry.js'
import { runToolCall, type CallPlan } from './run-call.js'
import { toJsonSchema } from './schema.js'
import { toolsMigrations } from './storage/migrations/index.js'
import type { ChatbotTool } from './types.js'

/**
 * Keeps the tool registry (`chatbot.tools()`, `registerTool`, `clearTools`), offers a channel's
 * allowed tools to the provider (`turn:prompt`) and runs the calls it asks for (`turn:tool`)
 * within `tools.maxCallsPerTurn`, recording those of a `PersistableTool`. See docs/tools.md.
 */
export function toolsPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'tools',
    options: toolsOptions,
    tables: ['tool_invocations'],
    migrations: toolsMigrations,
    setup(api: PluginApi) {
      // A config tool that cannot be described to the provider fails at start-up, not mid-turn.
      for (const tool of api.config.tools.definitions) toJsonSchema(tool)
      const registry = provideToolRegistry(api)
      // What each turn was offered; a call to anything else is refused.
      const offered = new WeakMap<Turn, Map<string, ChatbotTool>>()

      // Checked once every plugin's `setup` has registered its tools.
      api.hooks.hook('ready', () => {
        for (const warning of unknownToolWarnings(api.config.channels, registry.keys())) api.logger.warn(warning)
      })

      api.hooks.hook('turn:prompt', (turn) => {
        const tools = allowedTools(api, registry, turn)
        if (tools.size === 0) return
        offered.set(turn, tools)
        turn.request.tools = [...tools.values()].map(toToolDefinition)
        turn.request.tool_choice = 'auto'
      })

      api.hooks.hook('turn:tool', async (turn, calls) => {
        const tools = offered.get(turn) ?? new Map<string, ChatbotTool>()
        const budget = api.config.tools.maxCallsPerTurn
        // Every call counts, refused ones too: a model that keeps calling a missing tool still stops.
        const plans = calls.map((call, index): CallPlan => {
          if (turn.toolCalls + index >= budget) {
            return { call, refusal: new ToolCallFailure('tool_budget_exhausted', `This message may use at most ${budget} tool calls.`) }
          }
          const tool = tools.get(call.function.name)
          return tool ? { call, tool } : { call, refusal: new ToolCallFailure('tool_not_allowed', `The tool "${call.function.name}" is not available.`) }
        })
        turn.toolCalls += calls.length
        // Parallel calls run together; their results go back in the order the model asked.
        const results = await Promise.all(plans.map((plan) => runToolCall(api, turn, plan)))
        calls.forEach((call, index) => turn.request.messages.push({ role: 'tool', tool_call_id: call.id, content: results[index]! }))
        if (turn.toolCalls >= budget) withdrawTools(turn)
      })
    },
  })
}
