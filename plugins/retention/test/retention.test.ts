import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatbotConfig } from '@chatbot-kit/kernel'
import { ChatbotUnknownChannelException } from '@chatbot-kit/plugin-channels'
import { toolsPlugin } from '@chatbot-kit/plugin-tools'
import { databaseTargets } from '@chatbot-kit/test-utils'
import { createHarness, type Harness } from '../../../packages/kernel/test/harness.js'
import { findConversationByPublicId } from '../../../packages/kernel/src/storage/index.js'
import { retentionPlugin, type PruneReport } from '../src/index.js'
import { countRows, DAY, HOUR, seedConversation } from './seed.js'

// SQLite gets a temp file, Postgres a schema per test.
const CONFIG: ChatbotConfig = {
  retentionDays: 30,
  conversationTtl: 3600,
  channels: { support: { retentionDays: 7 }, archive: { retentionDays: null }, ephemeral: { retentionDays: 0 } },
}

describe.each(databaseTargets())('retention on $name', ({ skip, create }) => {
  let h: Harness
  let drop: () => Promise<void>
  const start = async (config: ChatbotConfig = CONFIG, env: Record<string, string> = {}) => {
    const target = await create()
    drop = target.drop
    // The tools plugin owns `tool_invocations`, which a prune takes along with their conversations.
    h = await createHarness('in-process', { ...config, database: target.url, plugins: [retentionPlugin(), toolsPlugin()] }, { env })
    return h
  }
  afterEach(async () => {
    await h?.close()
    await drop?.()
  })

  describe.skipIf(skip)('chatbot.prune', () => {
    let doomed: string[]
    let kept: string[]
    beforeEach(async () => {
      await start()
      const db = h.chatbot.db
      const seed = async (list: string[], ...args: Parameters<typeof seedConversation>[1][]) => {
        for (const item of args) list.push((await seedConversation(db, item)).publicId)
      }
      doomed = []
      kept = []
      await seed(
        doomed,
        { channel: 'default', startedAgo: 40 * DAY, messages: 2, toolInvocations: 1 },
        { channel: 'support', startedAgo: 20 * DAY, activeAgo: 8 * DAY, messages: 3 },
        // 0 days: started longer ago than the one-hour TTL, however recent its last message.
        { channel: 'ephemeral', startedAgo: 2 * HOUR, activeAgo: HOUR / 6, messages: 4 },
        // No longer configured: the top-level 30 days apply.
        { channel: 'legacy', startedAgo: 31 * DAY, messages: 1 },
      )
      await seed(
        kept,
        { channel: 'default', startedAgo: 40 * DAY, activeAgo: 29 * DAY, messages: 2 },
        { channel: 'support', startedAgo: 6 * DAY, messages: 1 },
        { channel: 'archive', startedAgo: 400 * DAY, messages: 2 },
        { channel: 'ephemeral', startedAgo: HOUR / 2, messages: 1 },
        { channel: 'legacy', startedAgo: 10 * DAY },
      )
    })

    const expected = (dryRun: boolean): PruneReport => ({
      dryRun,
      channels: {
        default: { retentionDays: 30, cutoff: expect.stringMatching(/\+00:00$/), conversations: 1, messages: 2 },
        support: { retentionDays: 7, cutoff: expect.any(String), conversations: 1, messages: 3 },
        archive: { retentionDays: null, cutoff: null, conversations: 0, messages: 0 },
        ephemeral: { retentionDays: 0, cutoff: expect.any(String), conversations: 1, messages: 4 },
        legacy: { retentionDays: 30, cutoff: expect.any(String), conversations: 1, messages: 1 },
      },
      total: { conversations: 4, messages: 10 },
    })

    it('a dry run counts per channel and deletes nothing', async () => {
      const before = await countRows(h.chatbot.db)
      expect(await h.chatbot.prune({ dryRun: true })).toEqual(expected(true))
      expect(await countRows(h.chatbot.db)).toEqual(before)
    })

    it('hard-deletes what each channel retention lets go, with messages and tool invocations', async () => {
      const report = await h.chatbot.prune()
      expect(report).toEqual(expected(false))
      expect(Object.keys(report.channels)).toEqual(['default', 'support', 'archive', 'ephemeral', 'legacy'])
      expect(Date.parse(report.channels.support!.cutoff!)).toBeCloseTo(Date.now() - 7 * DAY, -5)
      expect(Date.parse(report.channels.ephemeral!.cutoff!)).toBeCloseTo(Date.now() - HOUR, -5)
      for (const id of doomed) expect(await findConversationByPublicId(h.chatbot.db, id)).toBeUndefined()
      for (const id of kept) expect(await findConversationByPublicId(h.chatbot.db, id)).toBeDefined()
      expect(await countRows(h.chatbot.db)).toEqual({ conversations: 5, messages: 6, toolInvocations: 0 })
      expect((await h.chatbot.prune()).total).toEqual({ conversations: 0, messages: 0 })
    })

    it('prunes one channel when asked; a channel neither configured nor stored is unknown', async () => {
      const report = await h.chatbot.prune({ channel: 'support' })
      expect(report.channels).toEqual({ support: expected(false).channels.support })
      expect((await h.chatbot.prune({ channel: 'legacy', dryRun: true })).total).toEqual({ conversations: 1, messages: 1 })
      await expect(h.chatbot.prune({ channel: 'nope' })).rejects.toBeInstanceOf(ChatbotUnknownChannelException)
      expect((await countRows(h.chatbot.db)).conversations).toBe(8)
    })
  })

  describe.skipIf(skip)('large prunes', () => {
    it('deletes in batches, reporting progress after each', async () => {
      await start({ channels: { support: { retentionDays: 1 } } })
      for (let index = 0; index < 1201; index += 1) await seedConversation(h.chatbot.db, { channel: 'support', startedAgo: 2 * DAY, messages: index % 2 })
      const dry: unknown[] = []
      await h.chatbot.prune({ dryRun: true, onProgress: (progress) => dry.push(progress) })
      // A dry run reports once per channel, empty ones included.
      expect(dry).toEqual([
        { channel: 'default', conversations: 0, messages: 0 },
        { channel: 'support', conversations: 1201, messages: 600 },
      ])
      const progress: { conversations: number; messages: number }[] = []
      const report = await h.chatbot.prune({ onProgress: (step) => progress.push(step) })
      expect(progress.map((step) => step.conversations)).toEqual([500, 1000, 1201])
      expect(progress.at(-1)).toEqual({ channel: 'support', conversations: 1201, messages: 600 })
      expect(report.total).toEqual({ conversations: 1201, messages: 600 })
      expect(await countRows(h.chatbot.db)).toEqual({ conversations: 0, messages: 0, toolInvocations: 0 })
    })
  })

  describe.skipIf(skip)('retentionDays from the environment', () => {
    it('CHATBOT_RETENTION_DAYS=null keeps channels without their own value forever', async () => {
      await start({ channels: { support: { retentionDays: 7 } } }, { CHATBOT_RETENTION_DAYS: 'null' })
      await seedConversation(h.chatbot.db, { channel: 'default', startedAgo: 1000 * DAY })
      await seedConversation(h.chatbot.db, { channel: 'support', startedAgo: 8 * DAY })
      const report = await h.chatbot.prune()
      expect(report.channels.default).toMatchObject({ retentionDays: null, conversations: 0 })
      expect(report.channels.support).toMatchObject({ retentionDays: 7, conversations: 1 })
    })
  })
})
