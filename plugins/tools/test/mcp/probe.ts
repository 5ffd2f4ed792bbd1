import { onTestFinished } from 'vitest'
import { silentLogger } from '@chatbot-kit/test-utils'
import { definePlugin, type PluginApi, type Turn } from '@chatbot-kit/kernel'
import { createMcpTools, type McpTools } from '../../src/mcp/index.js'
import type { McpServerConfig } from '../../src/options.js'
import { ask, start } from '../setup.js'

export interface Probe {
  mcp: McpTools
  /** What the chatbot logged with `warn`. */
  warnings: unknown[][]
  /** A real turn (of a reply to "hi"), for calling a tool's handler directly. */
  turn(): Promise<Turn>
}

/** An `McpTools` for `servers`, made from a running chatbot's real plugin API; closed after the test. */
export async function probeMcp(servers: Record<string, McpServerConfig>): Promise<Probe> {
  const warnings: unknown[][] = []
  let api: PluginApi | undefined
  const turns: Turn[] = []
  const probe = definePlugin({
    name: 'mcp-probe',
    setup(given: PluginApi) {
      api = given
      given.hooks.hook('turn:prompt', (turn) => void turns.push(turn))
    },
  })
  const h = await start({ plugins: [probe] }, { logger: silentLogger({ warn: (...args: unknown[]) => warnings.push(args) }) })
  // The servers reach this factory only, not the plugin's own MCP tools, so each server sees one client.
  const mcp = createMcpTools(Object.create(api!, { config: { value: { ...api!.config, mcp: { servers } } } }) as PluginApi)
  onTestFinished(() => mcp.close())
  await mcp.start()
  return {
    mcp,
    warnings,
    async turn() {
      await ask(h)
      return turns.at(-1)!
    },
  }
}
