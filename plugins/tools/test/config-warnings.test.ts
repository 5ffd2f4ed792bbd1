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
    const orders = definePlugin({ name: 'orders', setup: (chatbot) => void chatbot.registerTool({ name: 'order_status', description: 'd', parameters: { type: 'object' }, handler: () => 'ok' }) })
    const config = { modle: 'gpt-4o', plugins: [toolsPlugin(), orders], channels: { default: {}, support: { allowedTools: ['order_status', 'order_stauts'] } } }
    h = await createHarness('in-process', config as never, { logger: recordingLogger(warnings) })
    expect(warnings).toEqual([
      'Unknown config key "modle" (did you mean "model"?); it is ignored.',
      'channels.support.allowedTools: "order_stauts" names no registered tool (did you mean "order_status"?); it is never offered.',
    ])
    expect((await h.request('/chatbot/health')).status).toBe(200)
  })
})
