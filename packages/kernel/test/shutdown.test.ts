import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, TRANSPORTS, type Harness } from './harness.js'
import { follow, paced, replyByMessage, storedMessages, streamedText } from './shutdown-streams.js'

const GRACE = 2

describe.each(TRANSPORTS)('chatbot.close() with replies in progress (%s)', (transport) => {
  let provider: DemoProvider
  let h: Harness
  let database: string

  beforeEach(async () => {
    // Quick replies end well inside the grace period; slow ones would take a minute.
    provider = await createDemoProvider({ responder: replyByMessage({ quick: paced(5, 100), slow: paced(600, 100) }) })
    database = join(mkdtempSync(join(tmpdir(), 'chatbot-shutdown-')), 'chatbot.sqlite')
    h = await createHarness(transport, { database, shutdownGrace: GRACE }, { provider })
  })
  afterEach(async () => {
    await h.close()
    await provider.close()
  })

  it('lets quick replies finish, ends slow ones with server_shutting_down, stores their partial replies, refuses new messages', async () => {
    const token = h.envelope()
    const messages = ['quick 1', 'quick 2', 'slow 1', 'slow 2', 'slow 3']
    const streams = await Promise.all(messages.map(async (message) => follow(await h.post({ signed_context: token, message }))))
    await Promise.all(streams.map((stream) => stream.started))

    const closing = h.chatbot.close()
    expect(h.chatbot.close()).toBe(closing)
    const refused = await h.post({ signed_context: token, message: 'quick 3' })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await refused.json()).toEqual({ error: { code: 'server_shutting_down', message: expect.any(String) } })
    await closing

    const ended = await Promise.all(streams.map((stream) => stream.ended))
    const [quick1, quick2, ...slow] = ended
    for (const events of [quick1!, quick2!]) {
      expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
      expect(streamedText(events)).toBe('w0 w1 w2 w3 w4 ')
    }
    for (const events of slow) {
      expect(events.at(-1)).toMatchObject({ type: 'error', code: 'server_shutting_down', retryable: true })
      expect(streamedText(events)).not.toBe('')
    }

    const stored = await storedMessages(database, streams.map((stream) => stream.conversationId))
    for (const [index, conversation] of stored.entries()) {
      const reply = conversation.at(-1)!
      expect(conversation.map((message) => message.role)).toEqual(['user', 'assistant'])
      expect(reply.content).toBe(streamedText(ended[index]!))
      if (index < 2) expect(reply).toMatchObject({ status: 'complete', finishReason: 'stop' })
      else expect(reply).toMatchObject({ status: 'incomplete', finishReason: 'server_shutting_down' })
    }
  })

  it('close({ grace: 0 }) ends every reply in progress at once', async () => {
    const token = h.envelope()
    const stream = follow(await h.post({ signed_context: token, message: 'quick but not quick enough' }))
    await stream.started
    await h.chatbot.close({ grace: 0 })
    const events = await stream.ended
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'server_shutting_down' })
    const [conversation] = await storedMessages(database, [stream.conversationId])
    expect(conversation!.at(-1)).toMatchObject({ role: 'assistant', status: 'incomplete', content: streamedText(events) })
  })

  it('a message admitted before close() but still starting when the grace ends gets the error event, not a closed database', async () => {
    let reached: () => void = () => {}
    let release: () => void = () => {}
    const starting = new Promise<void>((resolve) => (reached = resolve))
    const gate = new Promise<void>((resolve) => (release = resolve))
    h.chatbot.hooks.hook('turn:start', async () => {
      reached()
      await gate
    })
    const response = h.post({ signed_context: h.envelope(), message: 'quick' })
    await starting
    const closing = h.chatbot.close({ grace: 0 })
    release()
    await closing
    const stream = follow(await response)
    const events = await stream.ended
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'server_shutting_down' })
    const [conversation] = await storedMessages(database, [stream.conversationId])
    expect(conversation!.map((message) => message.role)).toEqual(['user'])
  })
})
