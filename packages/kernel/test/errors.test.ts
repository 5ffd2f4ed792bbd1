import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'

async function errorOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json')
  return ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error
}

describe.each(TRANSPORTS)('bad input gets a clear error (%s)', (transport) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness(transport, { tokenCap: 200, channels: { default: {}, support: {} } })
  })
  afterAll(() => h.close())

  it('413 for a body over 64 KiB', async () => {
    const response = await h.post({ signed_context: h.envelope(), message: 'x'.repeat(70_000) })
    expect(response.status).toBe(413)
    expect((await errorOf(response)).code).toBe('payload_too_large')
  })

  it('413 for a streamed body over 64 KiB that declares no length, and the server keeps serving', async () => {
    const piece = new TextEncoder().encode('x'.repeat(16 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(piece)
        else controller.close()
      },
    })
    const response = await h.request('/chatbot/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit)
    expect(response.status).toBe(413)
    expect((await errorOf(response)).code).toBe('payload_too_large')
    expect((await h.request('/chatbot/health')).status).toBe(200)
  })

  it('422 for malformed JSON and for a JSON array', async () => {
    for (const body of ['{"message": ', '[1,2]']) {
      const response = await h.post(body)
      expect(response.status).toBe(422)
      expect((await errorOf(response)).code).toBe('invalid_json')
    }
  })

  it('403 when signed_context is missing, tampered or garbage', async () => {
    const token = h.envelope()
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`
    for (const signed of [undefined, '', 'garbage', tampered, 42]) {
      const response = await h.post({ signed_context: signed, message: 'hi' })
      expect(response.status).toBe(403)
      expect((await errorOf(response)).code).toBe('invalid_envelope')
    }
  })

  it('403 for an expired envelope', async () => {
    const signer = (await import('@chatbot-kit/kernel')).createEnvelopeSigner({ appKey: h.chatbot.config.appKey })
    const old = signer.mint({ userId: 'u', route: 'r', channel: 'default' }, new Date(Date.now() - 901_000))
    const response = await h.post({ signed_context: old, message: 'hi' })
    expect(response.status).toBe(403)
  })

  it('422 naming every missing or malformed field', async () => {
    const response = await h.post({ signed_context: h.envelope(), message: '  ', conversation_id: 12, client_extractors: 'nope' })
    expect(response.status).toBe(422)
    const error = await errorOf(response)
    expect(error.code).toBe('validation_failed')
    expect(Object.keys(error.fields!).sort()).toEqual(['client_extractors', 'conversation_id', 'message'])
  })

  it('422 for a client extractor the envelope does not allow', async () => {
    const response = await h.post({ signed_context: h.envelope(), message: 'hi', client_extractors: { 'page-snapshot': 'text' } })
    expect(response.status).toBe(422)
    const error = await errorOf(response)
    expect(error.code).toBe('extractor_not_allowed')
    expect(error.fields).toHaveProperty(['client_extractors.page-snapshot'])
  })

  it('422 token_cap_exceeded for a single message over the cap, storing nothing', async () => {
    const before = await h.chatbot.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const response = await h.post({ signed_context: h.envelope(), message: 'word '.repeat(400) })
    expect(response.status).toBe(422)
    expect((await errorOf(response)).code).toBe('token_cap_exceeded')
    const after = await h.chatbot.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('404 for an unknown conversation, 403 for a foreign one or one of another channel', async () => {
    const mine = h.envelope({ userId: 'owner' })
    const first = await h.post({ signed_context: mine, message: 'hi' })
    const id = first.headers.get('x-chatbot-conversation-id')!
    await events(first)

    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await h.post({ signed_context: mine, message: 'hi', conversation_id: unknown })).status).toBe(404)
    expect((await h.history(unknown, mine)).status).toBe(404)

    const intruder = h.envelope({ userId: 'intruder' })
    const foreignPost = await h.post({ signed_context: intruder, message: 'hi', conversation_id: id })
    expect(foreignPost.status).toBe(403)
    expect((await errorOf(foreignPost)).code).toBe('forbidden')
    expect((await h.history(id, intruder)).status).toBe(403)
    expect((await h.history(id, h.envelope({ guestId: 'owner' }))).status).toBe(403)
    expect((await h.history(id, h.envelope({ userId: 'owner', channel: 'support' }))).status).toBe(403)
    expect((await h.request(`/chatbot/conversations/${id}/messages`)).status).toBe(403)
    expect((await h.history(id, 'garbage')).status).toBe(403)
    expect((await h.history(id, mine)).status).toBe(200)
  })
})

describe('refusals leave nothing behind', () => {
  it('a new conversation refused before the stream is not stored', async () => {
    const h = await createHarness('in-process', { tokenCap: 60, prompt: 'x '.repeat(80) })
    try {
      const count = async () => Number((await h.chatbot.db.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
      const response = await h.post({ signed_context: h.envelope(), message: 'hi' })
      expect(response.status).toBe(422)
      expect(await count()).toBe(0)
    } finally {
      await h.close()
    }
  })

  it('unknown paths under the base get the contract error body', async () => {
    const h = await createHarness('in-process')
    try {
      const response = await h.request('/chatbot/nope')
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'No such route.' } })
    } finally {
      await h.close()
    }
  })
})
