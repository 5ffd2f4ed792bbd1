import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedbackPlugin } from '@chatbot-kit/plugin-feedback'
import { defineTool, toolsPlugin } from '@chatbot-kit/plugin-tools'
import { events } from '../../kernel/test/harness.js'
import { askAndPause, decide } from '../../../plugins/tools/test/approval-steps.js'
import { ADMIN_TOKEN, createAdminHarness, DATABASES, errorCode, type AdminHarness } from './client.js'

// What the console's transcript shows, through the admin API over HTTP on every dialect: a
// conversation with a tool call, an approval decided over the public route and a rating given
// over the feedback route; then `conversations.export` and the "has thumbs down" filter.

const orderParameters = { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] }

describe.each(DATABASES)('transcripts and export over HTTP on $name', ({ skip, create }) => {
  describe.skipIf(skip)('conversations', () => {
    let h: AdminHarness
    let admin: ReturnType<AdminHarness['client']>
    let drop: () => Promise<void>
    let conversationId: string
    let pausedId: string
    let replyId: string
    let approvalId: string

    const rate = (messageId: string, rating: 'up' | 'down', comment?: string, token = h.envelope()) =>
      h.request(`/chatbot/messages/${messageId}/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signed_context: token, rating, ...(comment ? { comment } : {}) }),
      })

    beforeAll(async () => {
      const database = await create()
      drop = database.drop
      h = await createAdminHarness({ database: database.url, admin: { token: ADMIN_TOKEN }, channels: { default: { allowedTools: ['lookup', 'refund'] } }, plugins: [toolsPlugin(), feedbackPlugin()] })
      h.chatbot.registerTool(defineTool({ name: 'lookup', description: 'Find an order', parameters: orderParameters, persist: true, handler: () => ({ status: 'shipped ```' }) }))
      h.chatbot.registerTool(defineTool({ name: 'refund', description: 'Refund an order', parameters: orderParameters, approval: 'required', persist: true, handler: () => ({ refunded: true }) }))
      admin = h.client({ token: ADMIN_TOKEN })

      h.provider.script({ toolCalls: [{ id: 'l1', name: 'lookup', arguments: { order: 'A1' } }, { id: 'r1', name: 'refund', arguments: { order: 'A1' } }] }, { text: 'Refunded **A1**.' })
      const paused = await askAndPause(h, 'Refund A1\nplease')
      conversationId = paused.conversationId
      approvalId = paused.approvalId
      pausedId = paused.stream.at(-1)!.message_id as string
      const continued = await events(await decide(h, conversationId, approvalId, { decision: 'approve', comment: 'Fine.' }))
      expect(continued.at(-1)).toMatchObject({ type: 'done' })
      replyId = continued.at(-1)!.message_id as string
      expect((await rate(replyId, 'down', 'Too slow.\nAnd terse.')).status).toBe(204)
    })
    afterAll(async () => {
      await h?.close()
      await drop?.()
    })

    it('conversations.get has the approvals and each reply’s rating inline', async () => {
      const detail = await admin.conversations.get.query({ id: conversationId })
      expect(detail.messages.map((message) => [message.role, message.id, message.feedback?.rating ?? null])).toEqual([
        ['user', expect.any(String), null],
        ['assistant', pausedId, null],
        ['assistant', replyId, 'down'],
      ])
      expect(detail.messages[2]!.feedback).toEqual({ rating: 'down', comment: 'Too slow.\nAnd terse.', createdAt: expect.stringMatching(/\+00:00$/), updatedAt: expect.stringMatching(/\+00:00$/) })
      expect(detail.approvals).toEqual([
        {
          id: approvalId,
          messageId: pausedId,
          calls: [{ callId: 'r1', name: 'refund', arguments: { order: 'A1' }, decision: 'approve' }],
          decidedBy: { userId: 'user-1', guestId: null },
          comment: 'Fine.',
          requestedAt: expect.stringMatching(/\+00:00$/),
          decidedAt: expect.stringMatching(/\+00:00$/),
        },
      ])
      expect(detail.toolInvocations.map((call) => [call.toolName, call.callId])).toEqual([
        ['lookup', 'l1'],
        ['refund', 'r1'],
      ])
      expect(JSON.stringify(detail)).not.toContain('"conversationId"')
    })

    it('exports JSON: exactly conversations.get, keys in a fixed order', async () => {
      const file = await admin.conversations.export.query({ id: conversationId, format: 'json' })
      expect(file.filename).toBe(`conversation-${conversationId}.json`)
      expect(file.contentType).toBe('application/json; charset=utf-8')
      const detail = await admin.conversations.get.query({ id: conversationId })
      expect(JSON.parse(file.content)).toEqual(detail)
      expect(file.content).toBe(`${JSON.stringify(detail, null, 2)}\n`)
      expect(Object.keys(JSON.parse(file.content))).toEqual(['conversation', 'messages', 'toolInvocations', 'approvals'])
      expect(Object.keys(detail.messages[0]!)).toEqual(['id', 'role', 'content', 'routeName', 'contextHash', 'status', 'finishReason', 'tokenCount', 'inputTokens', 'outputTokens', 'createdAt', 'feedback'])
    })

    it('exports Markdown a person reads: messages in order, the tool calls, the approval and the rating under their reply', async () => {
      const file = await admin.conversations.export.query({ id: conversationId, format: 'markdown' })
      expect(file.filename).toBe(`conversation-${conversationId}.md`)
      expect(file.contentType).toBe('text/markdown; charset=utf-8')
      const text = file.content
      expect(text).toMatch(new RegExp(`^# Conversation ${conversationId}\n\n- Channel: \`default\`\n- Owner: user \`user-1\`\n`))
      expect(text).toContain('> Refund A1\n> please')
      expect(text).toContain('Refunded **A1**.')
      expect(text).toContain('**Tool call** `lookup` (`l1`')
      // The tool's result holds a fence of its own: the block around it is longer.
      expect(text).toMatch(/````\n.*shipped ```.*\n````/)
      expect(text).toContain(`**Approval** \`${approvalId}\``)
      expect(text).toContain('- `refund` (`r1`): approved, arguments `{"order":"A1"}`')
      expect(text).toContain('Comment: Fine.')
      expect(text).toContain('**Feedback**: thumbs down')
      expect(text).toContain('> Too slow.\n> And terse.')
      const order = ['## User', '**Tool call** `lookup`', '**Approval**', '**Tool call** `refund`', 'Refunded **A1**.', '**Feedback**'].map((part) => text.indexOf(part))
      expect(order.every((index) => index >= 0)).toBe(true)
      expect([...order].sort((a, b) => a - b)).toEqual(order)
    })

    it('refuses an unknown conversation or format', async () => {
      expect(await errorCode(admin.conversations.export.query({ id: '9a9b9d8d-fa4a-40dc-b3a6-9587d1951728', format: 'json' }))).toBe('NOT_FOUND')
      expect(await errorCode(admin.conversations.export.query({ id: conversationId, format: 'pdf' } as never))).toBe('BAD_REQUEST')
      expect(await errorCode(admin.conversations.export.query({ id: conversationId } as never))).toBe('BAD_REQUEST')
      expect(await errorCode(admin.conversations.list.query({ hasDownRating: 'yes' } as never))).toBe('BAD_REQUEST')
    })

    it('filters conversations with a reply rated down, or without one', async () => {
      h.chatbot.fake('Sure.')
      const ask = async (userId: string) => (await events(await h.post({ signed_context: h.envelope({ userId }), message: 'hi' }))).at(-1)!
      const liked = await ask('liked')
      expect((await rate(liked.message_id as string, 'up', undefined, h.envelope({ userId: 'liked' }))).status).toBe(204)
      const unrated = await ask('unrated')
      const ids = async (hasDownRating?: boolean) => (await admin.conversations.list.query({ hasDownRating })).items.map((item) => item.id)
      expect(await ids(true)).toEqual([conversationId])
      expect(await ids(false)).toEqual([unrated.conversation_id, liked.conversation_id])
      expect(await ids()).toEqual([unrated.conversation_id, liked.conversation_id, conversationId])
      // A rating changed to down moves the conversation across.
      expect((await rate(liked.message_id as string, 'down', undefined, h.envelope({ userId: 'liked' }))).status).toBe(204)
      expect(await ids(true)).toEqual([liked.conversation_id, conversationId])
    })
  })
})

describe('conversations without the feedback and tools plugins', () => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
  })
  afterAll(() => h.close())

  it('have none of what those plugins add: no rating filter, no rating, tool calls or approvals', async () => {
    h.chatbot.fake('Hi')
    const done = (await events(await h.post({ signed_context: h.envelope(), message: 'hello' }))).at(-1)!
    const admin = h.client({ token: ADMIN_TOKEN })
    // The filter is the feedback plugin's: without it, an unknown field like any other.
    expect(await errorCode(admin.conversations.list.query({ hasDownRating: true }))).toBe('BAD_REQUEST')
    expect((await admin.conversations.list.query()).items.map((item) => item.id)).toEqual([done.conversation_id])
    const detail = await admin.conversations.get.query({ id: done.conversation_id as string })
    expect(Object.keys(detail)).toEqual(['conversation', 'messages'])
    expect(detail.messages.map((message) => 'feedback' in message)).toEqual([false, false])
    const markdown = (await admin.conversations.export.query({ id: done.conversation_id as string, format: 'markdown' })).content
    expect(markdown).toContain('> hello')
    expect(markdown).not.toMatch(/Tool call|Approval|Feedback/)
  })
})
