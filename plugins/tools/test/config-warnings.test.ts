import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin } from '@chatbot-kit/kernel'
import { createHarness, type Harness } from '../../../packages/kernel/test/harness.js'
import { toolsPlugin } from '../src/index.js'

/** A logger that keeps what start-up warns about. */
function recordingLogger(warnings: string[]) {
  const noop = () => {}
  return { error: noop, info: noop, success: noop, log: noop, debug: noop, warn: (message: string) => void warnings.push(message) } as never
}

describe('config warnings at start-up', () => {
  let h: Harness | undefined
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  it('logs a typo and an unknown tool, and still starts', async () => {
    const warnings: string[] = []
    // A plugin registers `order_status` in setup: it counts as known.
    const orders = definePlugin({ name: 'orders', setup: (api) => void api.chatbot.registerTool({ name: 'order_status', description: 'd', parameters: { type: 'object' }, handler: () => 'ok' }) })
    const config = { modle: 'gpt-4o', plugins: [toolsPlugin(), orders], channels: { default: {}, support: { allowedTools: ['order_status', 'order_stauts'] } } }
    h = await createHarness('in-process', config as never, { logger: recordingLogger(warnings) })
    expect(warnings).toEqual([
      'Unknown config key "modle" (did you mean "model"?); it is ignored.',
      'channels.support.allowedTools: "order_stauts" names no registered tool (did you mean "order_status"?); it is never offered.',
    ])
    expect((await h.request('/chatbot/health')).status).toBe(200)
  })

  it('checks each channel’s toolApproval keys as allowedTools, MCP names and <server>__* included', async () => {
    const warnings: string[] = []
    const refund = definePlugin({ name: 'refunds', setup: (api) => void api.chatbot.registerTool({ name: 'refund_order', description: 'd', parameters: { type: 'object' }, handler: () => 'ok' }) })
    // Nothing listens there: the server's own "down" warning is not what this test reads.
    const mcp = { servers: { docs: { url: 'http://127.0.0.1:9/mcp' } } }
    const toolApproval = { refund_order: 'required', refund_oder: 'required', docs__search: 'required', 'docs__*': 'auto', 'wiki__*': 'required' }
    const config = { plugins: [toolsPlugin(), refund], mcp, channels: { default: {}, support: { allowedTools: ['refund_order', 'docs__*'], toolApproval } } }
    h = await createHarness('in-process', config as never, { logger: recordingLogger(warnings) })
    expect(warnings.filter((warning) => warning.startsWith('channels.'))).toEqual([
      'channels.support.toolApproval: "refund_oder" names no registered tool (did you mean "refund_order"?); it applies to no call.',
      'channels.support.toolApproval: "wiki__*" names no registered tool; it applies to no call.',
    ])
  })
})
