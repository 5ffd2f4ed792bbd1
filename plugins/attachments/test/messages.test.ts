import { afterAll, beforeAll, expect, it } from 'vitest'
import { createStorage } from 'unstorage'
import memoryDriver from 'unstorage/drivers/memory'
import { adminPlugin } from '@chatbot-kit/admin'
import { retentionPlugin } from '@chatbot-kit/plugin-retention'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { events, type Harness } from '../../../packages/kernel/test/harness.js'
import { ask, download, outcome, PNG, rows, start, uploaded } from './setup.js'

// Contract §11.4, a message's attachments, over a real socket on each dialect, files in the memory driver.

describeEachDatabase('attachments in messages', { label: 'over a real socket' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  const driver = memoryDriver()
  const files = createStorage({ driver })
  beforeAll(async () => {
    created = await target.create()
    h = await start(created, { attachments: { storage: driver }, admin: { token: 'admin-secret' }, retentionDays: 30, plugins: [retentionPlugin(), adminPlugin()] })
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
  })

  it('sends an image as an image_url part and a text file as text, counts them, and lists them in history', async () => {
    const token = h.envelope({ userId: 'sender-1' })
    const image = await uploaded(h, token)
    const text = await uploaded(h, token, 'Order 1234: two lamps.', 'order.txt', 'text/plain')
    const { response, events } = await ask(h, token, [image.id, text.id])
    expect(response.status).toBe(200)
    const done = events.at(-1)!
    expect(done.type).toBe('done')

    const sent = h.provider.requests.at(-1)!.wire as { messages: { role: string; content: unknown }[] }
    const user = sent.messages.at(-1)!
    expect(user.content).toEqual([
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      { type: 'text', text: 'Attached file "order.txt" (text/plain):\nOrder 1234: two lamps.' },
    ])
    // What the quota reserves (a later turn:prompt listener sees it): a 2×3 image is one tile, 85 + 170 tokens, plus the text file's.
    const budgets: number[] = []
    h.chatbot.hooks.hook('turn:prompt', (turn) => void budgets.push(turn.inputTokens))
    const again = await uploaded(h, token)
    await ask(h, h.envelope({ userId: 'sender-2' }), undefined, 'Same question')
    await ask(h, token, [again.id], 'Same question')
    expect(budgets[1]! - budgets[0]!).toBeGreaterThanOrEqual(255)

    const history = (await (await h.history(done.conversation_id as string, token)).json()) as { messages: { role: string; attachments?: unknown }[] }
    const question = history.messages.find((message) => message.role === 'user')!
    expect(question.attachments).toEqual([image, text])
    expect(history.messages.find((message) => message.role === 'assistant')).not.toHaveProperty('attachments')
  })

  it('refuses with 422 naming each problem: another user\'s, another channel\'s, a used one, an unknown id, too many; storing nothing', async () => {
    const token = h.envelope({ userId: 'sender-3' })
    const used = await uploaded(h, token)
    expect((await ask(h, token, [used.id])).response.status).toBe(200)
    const others = await uploaded(h, h.envelope({ userId: 'sender-4' }))
    const otherChannel = await uploaded(h, h.envelope({ userId: 'sender-3', channel: 'other' }))
    const messagesBefore = await h.chatbot.db.selectFrom('messages').select('id').execute()

    const refusal = async (ids: string[]) => {
      const refused = await h.post({ signed_context: token, message: 'Look', attachments: ids })
      expect(refused.status).toBe(422)
      const { error } = (await refused.json()) as { error: { code: string; fields: Record<string, string> } }
      expect(error.code).toBe('invalid_attachments')
      return error.fields
    }
    expect(await refusal([others.id, otherChannel.id])).toEqual({ 'attachments.0': 'is not yours', 'attachments.1': 'belongs to another channel' })
    expect(await refusal([used.id, 'nope'])).toEqual({ 'attachments.0': 'was already sent with a message', 'attachments.1': 'is not an attachment id' })
    const mine = [await uploaded(h, token), await uploaded(h, token), await uploaded(h, token)]
    expect(await outcome(await h.post({ signed_context: token, message: 'Look', attachments: mine.map((file) => file.id) }))).toEqual([422, 'invalid_attachments'])
    expect(await outcome(await h.post({ signed_context: token, message: 'Look', attachments: 'x' }))).toEqual([422, 'invalid_attachments'])
    expect(await h.chatbot.db.selectFrom('messages').select('id').execute()).toHaveLength(messagesBefore.length)
    // Refused messages claimed nothing: the files can still be sent.
    expect((await ask(h, token, [mine[0]!.id])).response.status).toBe(200)
  })

  it('sending a failed message again carries its files again; once answered, they are used', async () => {
    const token = h.envelope({ userId: 'sender-8' })
    const image = await uploaded(h, token)
    h.provider.script({ status: 400, errorBody: { error: { message: 'Unknown parameter.' } } })
    const failed = await ask(h, token, [image.id], 'Is this broken?')
    expect(failed.events.at(-1)).toMatchObject({ type: 'error', code: 'provider_error' })
    const conversationId = failed.events.at(-1)!.conversation_id as string
    const again = await h.post({ signed_context: token, message: 'Is this broken?', conversation_id: conversationId, attachments: [image.id] })
    expect(again.status).toBe(200)
    expect((await events(again)).at(-1)!.type).toBe('done')
    const sent = h.provider.requests.at(-1)!.wire as { messages: { role: string; content: unknown }[] }
    expect(sent.messages.filter((message) => message.role === 'user')).toHaveLength(1)
    expect(JSON.stringify(sent.messages.at(-1)!.content)).toContain('image_url')
    const third = await h.post({ signed_context: token, message: 'Is this broken?', conversation_id: conversationId, attachments: [image.id] })
    expect(await outcome(third)).toEqual([422, 'invalid_attachments'])
  })

  it('a provider that refuses images ends the reply with attachments_not_supported', async () => {
    const token = h.envelope({ userId: 'sender-5' })
    const image = await uploaded(h, token)
    h.provider.script({ status: 400, errorBody: { error: { message: 'Invalid content type. image_url is only supported by certain models.', type: 'invalid_request_error' } } })
    const { events } = await ask(h, token, [image.id])
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'attachments_not_supported', retryable: false })
  })

  it('the admin transcript lists each user message\'s attachments, and its Markdown export names them', async () => {
    const token = h.envelope({ userId: 'sender-7' })
    const image = await uploaded(h, token, PNG, 'scan.png')
    const conversationId = (await ask(h, token, [image.id])).events.at(-1)!.conversation_id as string
    const admin = async (procedure: string, input: unknown) => {
      const response = await h.request(`/chatbot/admin/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { authorization: 'Bearer admin-secret' } })
      expect(response.status).toBe(200)
      return ((await response.json()) as { result: { data: unknown } }).result.data
    }
    const detail = (await admin('conversations.get', { id: conversationId })) as { messages: { role: string; attachments: unknown }[] }
    expect(detail.messages.map((message) => [message.role, message.attachments])).toEqual([
      ['user', [image]],
      ['assistant', []],
    ])
    const exported = (await admin('conversations.export', { id: conversationId, format: 'markdown' })) as { content: string }
    expect(exported.content).toContain(`**Attachments**: scan.png (image/png, ${PNG.length} bytes)`)
  })

  it('retention and the admin\'s delete remove the files with their conversation', async () => {
    const token = h.envelope({ userId: 'sender-6' })
    const first = await uploaded(h, token)
    const second = await uploaded(h, token)
    const one = (await ask(h, token, [first.id])).events.at(-1)!.conversation_id as string
    const two = (await ask(h, token, [second.id])).events.at(-1)!.conversation_id as string
    expect(await files.hasItem(first.id)).toBe(true)

    const deleted = await h.request('/chatbot/admin/trpc/conversations.delete', { method: 'POST', headers: { authorization: 'Bearer admin-secret', 'content-type': 'application/json' }, body: JSON.stringify({ id: one }) })
    expect(deleted.status).toBe(200)
    expect(await outcome(await download(h, first.id, token))).toEqual([404, 'attachment_not_found'])
    await h.chatbot.db.updateTable('conversations').set({ last_activity_at: '2000-01-01T00:00:00.000+00:00', started_at: '2000-01-01T00:00:00.000+00:00' }).where('public_id', '=', two).execute()
    await (h.chatbot as unknown as { prune(): Promise<unknown> }).prune()

    expect(await (h.chatbot as unknown as { sweepAttachments(): Promise<number> }).sweepAttachments()).toBeGreaterThanOrEqual(2)
    expect(await files.hasItem(first.id)).toBe(false)
    expect(await files.hasItem(second.id)).toBe(false)
    expect((await rows(h)).map((row) => row.public_id)).not.toContain(second.id)
  })
})
