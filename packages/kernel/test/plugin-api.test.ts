import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '@chatbot-kit/test-utils'
import { definePlugin, type Chatbot, type PluginApi } from '@chatbot-kit/kernel'
import { createHarness, type Harness } from './harness.js'

// What a plugin's setup gets is what PluginApi declares; 1.0's facade members still answer, with a warning.
describe('the plugin API', () => {
  let h: Harness | undefined
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  const start = async (...plugins: ReturnType<typeof definePlugin>[]) => {
    const warnings: string[] = []
    h = await createHarness('in-process', { plugins }, { logger: silentLogger({ warn: (message: string) => warnings.push(message) }) })
    return warnings
  }

  it('runs the close hooks of the plugins set up when a later one fails start-up, so no timer of theirs keeps running', async () => {
    const closed: string[] = []
    const timed = definePlugin({
      name: 'timed',
      setup(api) {
        const timer = setInterval(() => undefined, 60_000)
        api.hooks.hook('close', () => {
          clearInterval(timer)
          closed.push('timed')
        })
      },
    })
    const failing = definePlugin({ name: 'failing', setup: (api) => void api.hooks.hook('ready', () => Promise.reject(new Error('not today'))) })
    await expect(start(timed, failing)).rejects.toThrow('not today')
    expect(closed).toEqual(['timed'])
  })

  it('gives setup the declared members, and warns about none of them', async () => {
    let seen: PluginApi | undefined
    const warnings = await start(definePlugin({ name: 'declared', setup: (api) => void (seen = api) }))
    const declared = ['config', 'settings', 'hooks', 'storage', 'counters', 'logger', 'on', 'emit', 'provide', 'route', 'verifyRequestEnvelope', 'ownedConversation', 'openEventStream', 'continueTurn', 'registerMiddleware', 'chatbot'] as const
    for (const name of declared) expect(seen![name], name).toBeDefined()
    expect(seen!.chatbot).toBe(h!.chatbot)
    expect(seen!.settings('default').prompt).toBe(h!.chatbot.settings('default').prompt)
    expect(warnings).toEqual([])
  })

  it('answers a facade member it does not declare from the facade, with one warning per member and plugin', async () => {
    const reads: unknown[] = []
    const reader = (name: string) =>
      definePlugin({
        name,
        setup(api) {
          reads.push(api.activeStreams, api.activeStreams, api.mintEnvelope === (api.chatbot as Chatbot).mintEnvelope, 'db' in api)
        },
      })
    const warnings = await start(reader('first'), reader('second'))
    expect(reads).toEqual([0, 0, true, true, 0, 0, true, true])
    expect(warnings).toHaveLength(4)
    expect(warnings.filter((line) => line.includes('"first"') && line.includes('`activeStreams`'))).toHaveLength(1)
    expect(warnings.filter((line) => line.includes('"second"') && line.includes('`mintEnvelope`'))).toHaveLength(1)
    expect(warnings[0]).toContain('use `api.chatbot.activeStreams`')
  })
})
