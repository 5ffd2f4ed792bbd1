import { extractorsPlugin } from '@chatbot-kit/plugin-extractors'
import { databaseTargets, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, events, type Harness } from './harness.js'

const NO_NUL = 'must not contain NUL (U+0000) characters'

describe.each(databaseTargets())('text a database cannot store ($name)', (target) => {
  let created: CreatedDatabase
  let h: Harness
  beforeAll(async () => {
    if (target.skip) return
    created = await target.create()
    h = await createHarness('socket', { database: created.database, channels: { default: { allowedExtractors: ['page'] } }, plugins: [extractorsPlugin()] })
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
  })

  const count = async (table: 'conversations' | 'messages') =>
    Number((await h.chatbot.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  it.skipIf(target.skip)('422 validation_failed for a NUL in the message or a client extractor, and nothing stored', async () => {
    const token = h.envelope({ userId: 'nul-user' })
    for (const [body, field] of [
      [{ message: 'before\u0000after' }, 'message'],
      [{ message: '\u0000' }, 'message'],
      [{ message: 'hi', client_extractors: { page: 'Order\u0000#7' } }, 'client_extractors.page'],
    ] as const) {
      const response = await h.post({ signed_context: token, ...body })
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ error: { code: 'validation_failed', message: expect.any(String), fields: { [field]: NO_NUL } } })
    }
    expect([await count('conversations'), await count('messages')]).toEqual([0, 0])

    h.provider.script({ text: 'ok' })
    const first = await h.post({ signed_context: token, message: 'hello' })
    const id = first.headers.get('x-chatbot-conversation-id')!
    await events(first)
    const later = await h.post({ signed_context: token, message: 'again\u0000', conversation_id: id })
    expect(later.status).toBe(422)
    expect([await count('conversations'), await count('messages')]).toEqual([1, 2])
  })

  it.skipIf(target.skip)('stores a lone surrogate as U+FFFD (the UTF-8 encoding replaces it), like the provider sees it', async () => {
    const token = h.envelope({ userId: 'surrogate-user' })
    h.provider.script({ text: 'ok' })
    const response = await h.post({ signed_context: token, message: 'left \ud800 right' })
    expect(response.status).toBe(200)
    await events(response)
    const history = (await (await h.history(response.headers.get('x-chatbot-conversation-id')!, token)).json()) as { messages: { content: string }[] }
    expect(history.messages.map((message) => message.content)).toContain('left \ufffd right')
  })
})
