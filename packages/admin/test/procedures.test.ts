import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConversation, packageVersion } from '@chatbot-kit/kernel'
import { insertMessage } from '@chatbot-kit/kernel/plugin'
import { quotaPlugin } from '@chatbot-kit/plugin-quota'
import { retentionPlugin } from '@chatbot-kit/plugin-retention'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { insertToolInvocation, toolsPlugin } from '@chatbot-kit/plugin-tools'
import { events } from '../../kernel/test/harness.js'
import { createAdminCaller } from '../src/index.js'
import { ADMIN_TOKEN, createAdminHarness, errorCode, type AdminHarness } from './client.js'

const DAY = 86_400_000

describe('admin procedures over HTTP (sqlite)', () => {
  let h: AdminHarness
  let admin: ReturnType<AdminHarness['client']>
  beforeAll(async () => {
    h = await createAdminHarness({
      admin: { token: ADMIN_TOKEN },
      retentionDays: 30,
      // The throttle plugin gives channels their effective `throttle`; these limits keep it out of the way.
      throttle: { perMinute: 100_000, perDay: 1_000_000 },
      dailyQuota: { input: 1000, output: 50 },
      channels: { support: { model: 'support-model', greeting: 'Hi!', retentionDays: 7, throttle: { perMinute: 3 } } },
      plugins: [retentionPlugin(), quotaPlugin(), toolsPlugin(), throttlePlugin()],
    })
    admin = h.client({ token: ADMIN_TOKEN })
  })
  afterAll(() => h.close())

  it('health', async () => {
    expect(await admin.health.query()).toEqual({ status: 'ok', version: packageVersion, activeStreams: 0, problem: null, pendingMigrations: [] })
  })

  it('conversations.get shows a real turn: messages and tool invocations; list and delete', async () => {
    h.chatbot.fake({ text: 'Hello there friend', usage: { inputTokens: 12, outputTokens: 34 } })
    const response = await h.post({ signed_context: h.envelope({ userId: 'user-get' }), message: 'find my order' })
    expect(response.status).toBe(200)
    const done = (await events(response)).find((event) => event.type === 'done')!
    const id = done.conversation_id as string
    const internal = (await h.chatbot.db.selectFrom('conversations').select('id').where('public_id', '=', id).executeTakeFirstOrThrow()).id
    const reply = await h.chatbot.db.selectFrom('messages').select(['id', 'public_id']).where('conversation_id', '=', internal).where('role', '=', 'assistant').executeTakeFirstOrThrow()
    await insertToolInvocation(h.chatbot.db, { conversationId: internal, messageId: reply.id, callId: 'call-1', toolName: 'lookup', arguments: { q: 1 }, result: 'ok', startedAt: new Date(), finishedAt: new Date(), durationMs: 5 })

    const detail = await admin.conversations.get.query({ id })
    expect(detail.conversation).toMatchObject({ id, channel: 'default', userId: 'user-get', guestId: null, routeName: 'test.page', messageCount: 2 })
    expect(detail.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'find my order'],
      ['assistant', 'Hello there friend'],
    ])
    expect(detail.messages[1]).toMatchObject({ id: reply.public_id, inputTokens: 12, outputTokens: 34, status: 'complete', createdAt: expect.stringMatching(/\+00:00$/) })
    expect(detail.toolInvocations).toEqual([
      expect.objectContaining({ messageId: reply.public_id, callId: 'call-1', toolName: 'lookup', arguments: { q: 1 }, result: 'ok', durationMs: 5, overran: false }),
    ])
    expect(JSON.stringify(detail)).not.toContain(`"conversationId"`)

    const listed = await admin.conversations.list.query({ userId: 'user-get' })
    expect(listed).toEqual({ items: [expect.objectContaining({ id, messageCount: 2, userId: 'user-get', guestId: null })], nextCursor: null })
    expect((await admin.conversations.list.query({ search: 'MY ORDER' })).items.map((item) => item.id)).toEqual([id])

    expect(await admin.conversations.delete.mutate({ id })).toEqual({ deleted: true, id })
    expect(await errorCode(admin.conversations.get.query({ id }))).toBe('NOT_FOUND')
    expect(await errorCode(admin.conversations.delete.mutate({ id }))).toBe('NOT_FOUND')
    expect(await h.chatbot.db.selectFrom('messages').select('id').where('conversation_id', '=', internal).execute()).toEqual([])
  })

  it('validates inputs: BAD_REQUEST', async () => {
    expect(await errorCode(admin.conversations.get.query({ id: 'not-a-uuid' }))).toBe('BAD_REQUEST')
    expect(await errorCode(admin.conversations.list.query({ limit: 201 }))).toBe('BAD_REQUEST')
    expect(await errorCode(admin.conversations.list.query({ limit: 0 }))).toBe('BAD_REQUEST')
    expect(await errorCode(admin.conversations.list.query({ since: 'yesterday' }))).toBe('BAD_REQUEST')
    expect(await errorCode(admin.conversations.list.query({ cursor: 'forged' }))).toBe('BAD_REQUEST')
    expect(await errorCode(admin.conversations.list.query({ chanel: 'typo' } as never))).toBe('BAD_REQUEST')
    expect(await errorCode(admin.usage.daily.query({ from: '2026-13-01' }))).toBe('BAD_REQUEST')
    expect(await errorCode(admin.retention.prune.mutate({ dryRun: 'yes' } as never))).toBe('BAD_REQUEST')
  })

  it('usage.daily: tokens per identity per day against the daily quota', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10)
    const c = await createConversation(h.chatbot.db, { channel: 'default', owner: { userId: 'usage-user' }, routeName: 'r', now: new Date(Date.now() - DAY) })
    const add = (at: Date, input: number, output: number) =>
      insertMessage(h.chatbot.db, { conversationId: c.id, role: 'assistant', content: 'x', routeName: 'r', contextHash: null, tokenCount: 1, inputTokens: input, outputTokens: output, now: at })
    await add(new Date(`${yesterday}T12:00:00Z`), 100, 60)
    await add(new Date(`${today}T00:00:01Z`), 7, 8)
    await add(new Date(`${today}T00:00:02Z`), 3, 2)
    const usage = await admin.usage.daily.query({ userId: 'usage-user' })
    expect(usage.limits).toEqual({ input: 1000, output: 50 })
    expect(usage.to).toBe(today)
    expect(usage.days).toEqual([
      { day: today, userId: 'usage-user', guestId: null, inputTokens: 10, outputTokens: 10, messages: 2, overInput: false, overOutput: false },
      { day: yesterday, userId: 'usage-user', guestId: null, inputTokens: 100, outputTokens: 60, messages: 1, overInput: false, overOutput: true },
    ])
    expect(usage.today).toMatchObject({ input: { limit: 1000 }, output: { limit: 50 } })
    const onlyToday = await admin.usage.daily.query({ from: today, to: today, userId: 'usage-user' })
    expect(onlyToday.days.map((day) => day.day)).toEqual([today])
    expect(await errorCode(admin.usage.daily.query({ userId: 'a', guestId: 'b' }))).toBe('BAD_REQUEST')
  })

  it('channels.list: effective settings after fallback and runtime overrides', async () => {
    h.chatbot.channel('support').greeting('Runtime hello')
    const channels = await admin.channels.list.query()
    expect(channels.map((channel) => channel.name)).toEqual(['default', 'support'])
    expect(channels[1]).toMatchObject({ name: 'support', model: 'support-model', greeting: 'Runtime hello', retentionDays: 7, throttle: { perMinute: 3, perDay: h.chatbot.config.throttle.perDay } })
    expect(channels[0]).toMatchObject({ name: 'default', model: h.chatbot.config.model, greeting: null, retentionDays: 30 })
  })

  it('retention.prune: dryRun counts, then deletes', async () => {
    const old = await createConversation(h.chatbot.db, { channel: 'support', owner: { guestId: 'g-old' }, routeName: 'r', now: new Date(Date.now() - 10 * DAY) })
    await insertMessage(h.chatbot.db, { conversationId: old.id, role: 'user', content: 'old', routeName: 'r', contextHash: null, tokenCount: 1, now: new Date(Date.now() - 10 * DAY) })
    const dry = await admin.retention.prune.mutate({ dryRun: true })
    expect(dry.dryRun).toBe(true)
    expect(dry.channels.support).toMatchObject({ conversations: 1, messages: 1, retentionDays: 7 })
    expect((await admin.conversations.list.query({ guestId: 'g-old' })).items).toHaveLength(1)
    const real = await admin.retention.prune.mutate({ channel: 'support' })
    expect(real).toMatchObject({ dryRun: false, total: { conversations: 1, messages: 1 } })
    expect((await admin.conversations.list.query({ guestId: 'g-old' })).items).toHaveLength(0)
  })

  it('works without batching (httpLink) and through createAdminCaller', async () => {
    expect(await h.client({ token: ADMIN_TOKEN, batch: false }).health.query()).toMatchObject({ status: 'ok' })
    expect(await createAdminCaller(h.chatbot).health()).toMatchObject({ status: 'ok' })
  })
})
