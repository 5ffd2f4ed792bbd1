import { ChatbotMessageCompleted, countTokens, loadTokenizer } from '@chatbot-kit/kernel'
import { sseEvents } from '@chatbot-kit/test-utils'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { events } from '../../../packages/kernel/test/harness.js'
import { COUNTER_STORES, createQuotaServers } from './setup.js'

// 1.1's default lets a reply run on after its browser left (contract §9.1): leaving must not be a
// way around the quota, so the reply that went on is charged in full and bounds the next turn.

beforeAll(async () => {
  await loadTokenizer()
})

const chunks = Array.from({ length: 40 }, (_, index) => ` w${index}`)

describe.each(COUNTER_STORES)('a reply whose browser left, with $name counters', ({ storage, skip }) => {
  describe.skipIf(skip)(skip || 'quota', () => {
    let servers: ReturnType<typeof createQuotaServers>
    afterEach(async () => {
      await servers.close()
    })

    it('is charged for all it streamed after the browser left, and the next message of the day is refused', async () => {
      servers = createQuotaServers(storage)
      const whole = countTokens(chunks.join(''))
      // Room for this reply and a few tokens more: only what streamed after the browser left fills the day.
      const h = await servers.start({ dailyQuota: { output: whole + 3 } })
      const completed: ChatbotMessageCompleted[] = []
      h.chatbot.on(ChatbotMessageCompleted, (event) => void completed.push(event))
      h.provider.script({ chunks, tokenDelayMs: 10, usage: { prompt_tokens: 10, completion_tokens: whole } })

      const token = h.envelope()
      const browser = new AbortController()
      const response = await h.post({ signed_context: token, message: 'A long one' }, { signal: browser.signal })
      let seen = 0
      for await (const item of sseEvents(response)) if (item.kind === 'data' && item.data.type === 'token' && ++seen === 3) break
      browser.abort()

      await expect.poll(() => completed.length, { timeout: 10_000 }).toBe(1)
      expect(completed[0]!.payload.finishReason).toBe('stop')
      const { output } = await h.chatbot.quota({ userId: 'user-1' })
      expect(completed[0]!.payload.usage.outputTokens).toBe(whole)
      expect(output).toMatchObject({ used: whole, remaining: 3 })

      h.provider.script({ chunks: [' one', ' two', ' three', ' four', ' five'] })
      const next = await events(await h.post({ signed_context: token, message: 'And again' }))
      expect(next.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
      expect(next.filter((event) => event.type === 'token').length).toBeLessThan(5)
    })
  })
})
