import { countTokens, loadTokenizer } from '@chatbot-kit/kernel'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { COUNTER_STORES, createQuotaServers, tokensOf, turn } from './setup.js'

const user = { userId: 'user-1' }
const noUsage = { prompt_tokens: 0, completion_tokens: 0 }

beforeAll(async () => {
  await loadTokenizer()
})

describe.each(COUNTER_STORES)('quota on $name', ({ storage, skip }) => {
  describe.skipIf(skip)(skip || 'budgets', () => {
    let servers: ReturnType<typeof createQuotaServers>
    afterEach(async () => {
      await servers.close()
    })

    it('checks the assembled prompt against the input budget before the provider is called', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { input: 10 } })
      const stream = await turn(h)
      expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded', retryable: false })
      expect(h.provider.requests).toHaveLength(0)
      expect((await h.chatbot.quota(user)).input).toEqual({ used: 0, limit: 10, remaining: 10 })
    })

    it('settles on the provider usage; chatbot.quota reports used, limit, remaining and the reset', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { input: 1000, output: 100 } })
      h.provider.script({ text: 'Fine, thanks.', usage: { prompt_tokens: 42, completion_tokens: 7 } })
      expect((await turn(h)).at(-1)).toMatchObject({ type: 'done', usage: { input_tokens: 42, output_tokens: 7 } })
      expect(await h.chatbot.quota(user)).toEqual({
        input: { used: 42, limit: 1000, remaining: 958 },
        output: { used: 7, limit: 100, remaining: 93 },
        resetsAt: '2026-11-23T00:00:00.000+00:00',
      })
    })

    it('falls back to the tokenizer when the provider reports no usage', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start()
      h.provider.script({ text: 'A reply of several words, counted here.', usage: noUsage })
      const stream = await turn(h)
      const done = stream.at(-1)!
      const status = await h.chatbot.quota(user)
      expect(status.output.used).toBe(countTokens(tokensOf(stream).join('')))
      expect(status.input.used).toBe((done.usage as { input_tokens: number }).input_tokens)
      expect(status.input.used).toBeGreaterThan(0)
    })

    it('refuses the turn once the output budget is spent; other users and guests keep theirs', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { output: 10 } })
      const reply = { text: 'Ten tokens.', usage: { prompt_tokens: 20, completion_tokens: 10 } }
      h.provider.script(reply)
      expect((await turn(h)).at(-1)).toMatchObject({ type: 'done' })
      expect((await turn(h)).at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
      expect(h.provider.requests).toHaveLength(1)
      h.provider.script(reply, reply)
      expect((await turn(h, 'Hi', { userId: 'user-2' })).at(-1)).toMatchObject({ type: 'done' })
      expect((await turn(h, 'Hi', { guestId: 'guest-1' })).at(-1)).toMatchObject({ type: 'done' })
      expect((await h.chatbot.quota({ guestId: 'guest-1' })).output.used).toBe(10)
      expect((await h.chatbot.quota(user)).output).toEqual({ used: 10, limit: 10, remaining: 0 })
    })

    it.each([
      ['input', { input: 0 }],
      ['output', { output: 0 }],
    ])('a zero %s limit refuses every turn', async (_which, dailyQuota) => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota })
      for (const claims of [user, { guestId: 'guest-1' }]) expect((await turn(h, 'Hi', claims)).at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
      expect(h.provider.requests).toHaveLength(0)
    })

    it('resets at UTC midnight', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { output: 3 } })
      servers.clock.set('2026-11-22T23:59:50.000Z')
      h.provider.script({ chunks: [' one', ' two', ' six'], usage: { prompt_tokens: 10, completion_tokens: 3 } }, { text: 'again', usage: { prompt_tokens: 10, completion_tokens: 1 } })
      expect((await turn(h)).at(-1)).toMatchObject({ type: 'done' })
      expect((await turn(h)).at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
      expect((await h.chatbot.quota(user)).resetsAt).toBe('2026-11-23T00:00:00.000+00:00')
      servers.clock.set('2026-11-23T00:00:00.000Z')
      expect((await turn(h)).at(-1)).toMatchObject({ type: 'done' })
      expect(await h.chatbot.quota(user)).toMatchObject({ output: { used: 1, remaining: 2 }, resetsAt: '2026-11-24T00:00:00.000+00:00' })
    })

    it('cuts by the real token count, also for text denser than four characters a token', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { output: 10 } })
      // Four tokens a chunk: a characters-based estimate would let all 32 tokens through.
      const chunks = ['Zx9Q', 'qZ7x', 'Wv3k', 'Pj8r', 'Zx9Q', 'qZ7x', 'Wv3k', 'Pj8r']
      h.provider.script({ chunks })
      const stream = await turn(h)
      expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
      const streamed = tokensOf(stream).join('')
      expect(streamed).not.toBe('')
      expect(countTokens(streamed)).toBeLessThanOrEqual(10)
      // The chunk refused after them was generated, so it counts as well.
      const refused = chunks[tokensOf(stream).length]!
      expect((await h.chatbot.quota(user)).output.used).toBe(countTokens(streamed) + countTokens(refused))
    })

    it('keeps a long reply streaming past one reservation while the day has budget', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { output: 1000 } }, { outputReservation: 10 })
      h.provider.script({ chunks: Array.from({ length: 40 }, () => ' the'), tokenDelayMs: 10, usage: noUsage })
      const stream = await turn(h)
      expect(stream.at(-1)).toMatchObject({ type: 'done' })
      expect(tokensOf(stream)).toHaveLength(40)
      expect((await h.chatbot.quota(user)).output.used).toBe(40)
    })
  })
})
