import { randomUUID } from 'node:crypto'
import { countTokens } from '@chatbot-kit/kernel'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import { quotaPlugin, type QuotaStatus } from '@chatbot-kit/plugin-quota'
import { describe, expect, it } from 'vitest'
import { createHarness } from './harness.js'
import { follow, paced, replyByMessage, streamedText } from './shutdown-streams.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL
const STORES = [
  { name: 'memory', storage: 'memory:', skip: false },
  { name: 'redis', storage: redisUrl ?? '', skip: !redisUrl },
]

describe.each(STORES)('shutdown with the quota plugin ($name counters)', ({ storage, skip }) => {
  it.skipIf(skip)('settles every reply it ended: the day counts what streamed, not the 512-token reservations', async () => {
    const provider = await createDemoProvider({ responder: replyByMessage({ quick: paced(3, 50), slow: paced(600, 50) }) })
    const plugins = [quotaPlugin({ prefix: `chatbot-test:shutdown:${randomUUID()}` })]
    const h = await createHarness('socket', { storage, plugins, shutdownGrace: 1, dailyQuota: { input: 1_000_000, output: 1_000_000 } }, { provider })
    const identity = { userId: `shutdown-${randomUUID()}` }
    // Read in a `close` hook: after the turns ended, before the counters close.
    let atClose: QuotaStatus | undefined
    h.chatbot.hooks.hook('close', async () => void (atClose = await h.chatbot.quota(identity)))
    try {
      const token = h.envelope(identity)
      const streams = await Promise.all(['slow 1', 'slow 2', 'slow 3'].map(async (message) => follow(await h.post({ signed_context: token, message }))))
      await Promise.all(streams.map((stream) => stream.started))
      await h.chatbot.close()

      const ended = await Promise.all(streams.map((stream) => stream.ended))
      expect(ended.map((events) => events.at(-1)!.code)).toEqual(['server_shutting_down', 'server_shutting_down', 'server_shutting_down'])
      const streamedTokens = ended.reduce((sum, events) => sum + countTokens(streamedText(events)), 0)
      expect(atClose!.output.used).toBe(streamedTokens)
    } finally {
      await h.close()
      await provider.close()
    }
  })
})
