import { countTokens, loadTokenizer } from '@chatbot-kit/kernel'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { COUNTER_STORES, createQuotaServers, tokensOf, turn } from './setup.js'

const user = { userId: 'user-1' }
const noUsage = { prompt_tokens: 0, completion_tokens: 0 }
// One chunk of 3,000 tokens: six reservations' worth (512 each) in a single delta.
const bigChunk = ' the'.repeat(3000)
// 400 chunks of two tokens, written back to back: the kernel reads them in one or two network
// reads and hands them on synchronously, long before any reservation can come back.
const manyChunks = Array.from({ length: 400 }, () => ' the the')

beforeAll(async () => {
  await loadTokenizer()
})

describe.each(COUNTER_STORES)('a provider read carrying more than one reservation, on $name', ({ storage, skip }) => {
  describe.skipIf(skip)(skip || 'bursts', () => {
    let servers: ReturnType<typeof createQuotaServers>
    afterEach(async () => {
      await servers.close()
    })

    it.each([
      ['one chunk of 3,000 tokens', [bigChunk]],
      ['400 chunks in one read', manyChunks],
    ])('%s streams whole while the day has budget', async (_name, chunks) => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { output: 50_000 } })
      h.provider.script({ chunks, usage: noUsage })
      const stream = await turn(h)
      expect(stream.at(-1)).toMatchObject({ type: 'done' })
      expect(tokensOf(stream).join('')).toBe(chunks.join(''))
      const tokens = countTokens(chunks.join(''))
      expect(tokens).toBeGreaterThan(512)
      // Settled on what streamed: the reservations taken to cover the burst are released.
      expect((await h.chatbot.quota(user)).output).toEqual({ used: tokens, limit: 50_000, remaining: 50_000 - tokens })
    })

    it('a chunk bigger than what the day has left is still refused', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { output: 1000 } })
      h.provider.script({ chunks: ['Sure:', bigChunk], usage: noUsage })
      const stream = await turn(h)
      expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
      expect(tokensOf(stream)).toEqual(['Sure:'])
      // The refused chunk was generated, so it counts: the day is spent.
      expect((await h.chatbot.quota(user)).output).toMatchObject({ used: countTokens('Sure:') + countTokens(bigChunk), remaining: 0 })
    })

    it('400 chunks in one read stop at the day’s end, not past it', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { output: 300 } })
      h.provider.script({ chunks: manyChunks, usage: noUsage })
      const stream = await turn(h)
      expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
      const streamed = tokensOf(stream).join('')
      // Every two-token chunk that fits streams (150 of them), and the next one is refused.
      expect(countTokens(streamed)).toBe(300)
      expect((await h.chatbot.quota(user)).output).toMatchObject({ used: 302, remaining: 0 })
    })

    it('a reply holding special-token text (<|endoftext|>) completes and settles the quota', async () => {
      servers = createQuotaServers(storage)
      const h = await servers.start({ dailyQuota: { output: 1000 } })
      const chunks = ['Models end', ' a text with <|endoftext|>', ' and chat turns with <|im_start|>.']
      h.provider.script({ chunks, usage: noUsage })
      const stream = await turn(h)
      expect(stream.at(-1)).toMatchObject({ type: 'done' })
      expect(tokensOf(stream).join('')).toBe(chunks.join(''))
      // Settled on the reply's count, not left at the 512 reserved.
      expect((await h.chatbot.quota(user)).output.used).toBe(countTokens(chunks.join('')))
    })
  })
})
