import { definePlugin, type ChatbotPlugin, type PluginApi, type Turn } from '@chatbot-kit/kernel'
import { ToolCallFailure } from './failure.js'
import { allowedTools, isAllowed, toToolDefinition, withdrawTools } from './offer.js'
import { toolsOptions } from './options.js'
import { provideToolRegistry, unknownToolWarnings } from './registry.js'
import { runToolCall, type CallPlan } from './run-call.js'
import { toJsonSchema } from './schema.js'
import { toolsMigrations } from './storage/migrations/index.js'
import { createMcpTools } from './mcp/index.js'
import { decidedApprovalOf, reopenUnrun, runDecidedCalls } from './approvals/continuation.js'
import { addPendingApproval } from './approvals/history.js'
import { pauseForApproval } from './approvals/pause.js'
import { needsApproval } from './approvals/policy.js'
import { approvalsRoute } from './approvals/route.js'
import { markTail } from './approvals/transcript.js'
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
    tables: ['tool_invocations', 'tool_approvals'],
    migrations: toolsMigrations,
    // The approvals audit and a transcript's tool calls, loaded with the first admin request.
    admin: () => import('./admin/contribution.js').then((module) => module.toolsAdmin),
    setup(api: PluginApi) {
      // A config tool that cannot be described to the provider fails at start-up, not mid-turn.
      for (const tool of api.config.tools.definitions) toJsonSchema(tool)
      const registry = provideToolRegistry(api)
      const mcp = createMcpTools(api)
      // The host's tools win a name an MCP server's tool shares.
      const known = (): ReadonlyMap<string, ChatbotTool> => (mcp.tools().size === 0 ? registry : new Map([...mcp.tools(), ...registry]))
      // What each turn was offered; a call to anything else is refused.
      const offered = new WeakMap<Turn, Map<string, ChatbotTool>>()

      // Checked once every plugin's `setup` has registered its tools.
      api.hooks.hook('ready', async () => {
        for (const warning of unknownToolWarnings(api.config.channels, registry.keys(), Object.keys(api.config.mcp.servers))) api.logger.warn(warning)
        await mcp.start()
      })
      api.hooks.hook('close', () => mcp.close())

      api.hooks.hook('turn:prompt', async (turn) => {
        const decided = decidedApprovalOf(turn)
        markTail(turn, decided?.transcript.messages.length ?? 0)
        const tools = allowedTools(api, known(), turn)
        if (tools.size > 0) {
          offered.set(turn, tools)
          turn.request.tools = [...tools.values()].map(toToolDefinition)
          turn.request.tool_choice = 'auto'
        }
        // A continuation runs the calls the user decided on before the model's next round.
        if (decided) await runDecidedCalls(api, turn, tools, decided)
        if (turn.toolCalls >= api.config.tools.maxCallsPerTurn && tools.size > 0) withdrawTools(turn)
      })
      api.hooks.hook('turn:error', reopenUnrun(api))
      api.hooks.hook('conversation:history', addPendingApproval(api))
      api.route(approvalsRoute(api))

      api.hooks.hook('turn:tool', async (turn, calls) => {
        const tools = offered.get(turn) ?? new Map<string, ChatbotTool>()
        const budget = api.config.tools.maxCallsPerTurn
        // Every call counts, refused ones too: a model that keeps calling a missing tool still stops.
        const plans = calls.map((call, index): CallPlan => {
          if (turn.toolCalls + index >= budget) {
            return { call, refusal: new ToolCallFailure('tool_budget_exhausted', `This message may use at most ${budget} tool calls.`) }
          }
          const name = call.function.name
          const tool = tools.get(name)
          if (tool) return { call, tool }
          // An allowed tool of an MCP server that is down (never reached: no list, so not offered) is unavailable, not unknown.
          const unavailable = mcp.unavailable(name)
          if (unavailable && isAllowed(api, turn, name)) return { call, refusal: unavailable }
          return { call, refusal: new ToolCallFailure('tool_not_allowed', `The tool "${name}" is not available.`) }
        })
        turn.toolCalls += calls.length
        // Calls that need the user's approval wait; the round's others run as usual.
        const waits = await Promise.all(plans.map((plan) => 'tool' in plan && needsApproval(api, turn, plan.tool, plan.call)))
        const running = plans.filter((_, index) => !waits[index])
        // Parallel calls run together; their results go back in the order the model asked.
        const results = await Promise.all(running.map((plan) => runToolCall(api, turn, plan)))
        running.forEach(({ call }, index) => turn.request.messages.push({ role: 'tool', tool_call_id: call.id, content: results[index]! }))
        if (waits.some(Boolean)) return pauseForApproval(api, turn, plans.filter((_, index) => waits[index]).map(({ call }) => call))
        if (turn.toolCalls >= budget) withdrawTools(turn)
      })
    },
  })
}
