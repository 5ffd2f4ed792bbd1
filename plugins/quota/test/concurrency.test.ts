import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { COUNTER_STORES, createQuotaServers, removeKeys, tokensOf, turn } from './setup.js'

const user = { userId: 'user-1' }

describe.each(COUNTER_STORES)('concurrent turns of one identity on $name', ({ storage, shared, skip }) => {
  describe.skipIf(skip)(skip || 'never overspend', () => {
    let servers: ReturnType<typeof createQuotaServers>
    afterEach(async () => {
      await servers.close()
    })

    it('the input budget: exactly as many prompts as fit reach the provider', async () => {
      servers = createQuotaServers(storage)
      // Every turn below assembles the same prompt; a first chatbot measures it.
      const probePrefix = `chatbot-test:quota:probe:${randomUUID()}`
      const probe = await servers.start({}, { prefix: probePrefix })
      probe.provider.script({ text: 'ok', usage: { prompt_tokens: 0, completion_tokens: 0 } })
      const prompt = ((await turn(probe)).at(-1)!.usage as { input_tokens: number }).input_tokens
      await removeKeys(probe, probePrefix)

      const h = await servers.start({ dailyQuota: { input: 3 * prompt + Math.floor(prompt / 2) } })
      h.provider.script(...Array.from({ length: 8 }, () => ({ text: 'a b c', tokenDelayMs: 20, usage: { prompt_tokens: prompt, completion_tokens: 3 } })))
      const streams = await Promise.all(Array.from({ length: 8 }, () => turn(h)))
      expect(streams.filter((stream) => stream.at(-1)!.type === 'done')).toHaveLength(3)
      expect(streams.filter((stream) => stream.at(-1)!.code === 'quota_exceeded')).toHaveLength(5)
      expect(h.provider.requests).toHaveLength(3)
      expect((await h.chatbot.quota(user)).input.used).toBe(3 * prompt)
    })

    it(`the output budget: what streams in total stays within it${shared ? ', across two instances' : ''}`, async () => {
      servers = createQuotaServers(storage)
      const config = { dailyQuota: { output: 20 } }
      const first = await servers.start(config, { outputReservation: 8 })
      const instances = shared ? [first, await servers.start(config, { outputReservation: 8 })] : [first]
      for (const instance of instances) {
        instance.provider.script(...Array.from({ length: 4 }, () => ({ chunks: Array.from({ length: 15 }, () => ' the'), tokenDelayMs: 10 })))
      }
      const streams = await Promise.all(Array.from({ length: 4 }, (_, index) => turn(instances[index % instances.length]!)))
      const streamed = streams.reduce((sum, stream) => sum + tokensOf(stream).length, 0)
      // Unreserved, each of the four would stream its 15 tokens (60).
      expect(streamed).toBeLessThanOrEqual(20)
      expect(streamed).toBeGreaterThan(0)
      expect(streams.some((stream) => stream.at(-1)!.code === 'quota_exceeded')).toBe(true)
      // A stream cut mid-way also counts the one-token chunk it was refused.
      const cutMidway = streams.filter((stream) => stream.at(-1)!.code === 'quota_exceeded' && tokensOf(stream).length > 0).length
      expect((await first.chatbot.quota(user)).output.used).toBe(streamed + cutMidway)
    })
  })
})
