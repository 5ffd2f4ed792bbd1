import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Middleware } from 'h3'
import { ChatbotException, definePlugin, type ChatbotConfig } from '@chatbot-kit/kernel'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import memoryDriver from 'unstorage/drivers/memory'
import { rows, start, uploaded } from './setup.js'
import { sendWithheldFile } from './withheld-upload.js'

// An upload the throttle or the route middleware refuses is answered before its file is sent:
// prepare reads only up to signed_context, so the server never waits for (or keeps) the file.

const FILE = 4 * 1024 * 1024
// A middleware that refuses by throwing, and one that answers itself without calling next.
const gate: Middleware = (event, next) => {
  if (event.req.headers.get('x-gate') === 'shut') throw new ChatbotException('Shut.', { code: 'forbidden', status: 403 })
  if (event.req.headers.get('x-gate') === 'answer') return new Response(JSON.stringify({ error: { code: 'gate_answered' } }), { status: 401, headers: { 'content-type': 'application/json' } })
  return next()
}
const storage = memoryDriver()
const attachments = { enabled: true, types: ['image/*'], maxBytes: 8 * 1024 * 1024 }
const config: ChatbotConfig = {
  attachments: { storage },
  routeMiddleware: ['gate'],
  middleware: { gate },
  // `tight` takes one request a minute from an address.
  channels: { default: { attachments }, tight: { attachments, throttle: { perMinute: 1 } } },
}
const fileCount = async () => (await storage.getKeys('', {})).length

// The server's side of each request, to see the refused body's rest read and dropped (the request ends).
const requests: IncomingMessage[] = []
const probe = definePlugin({ name: 'request-probe', enforce: 'pre', hooks: { request: ({ event }) => void requests.push((event.runtime!.node as { req: IncomingMessage }).req) } })
const ended = (req: IncomingMessage) =>
  req.complete || new Promise<boolean>((resolve) => {
    req.once('end', () => resolve(true))
    setTimeout(() => resolve(req.complete), 5_000).unref()
  })

describeEachDatabase('refused uploads', { label: 'over a real socket' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  beforeAll(async () => {
    created = await target.create()
    h = await start(created, config, [probe, throttlePlugin()])
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
  })

  it.each([
    ['a throttled client', 'throttled', {}, [429, 'throttled']],
    ['a route middleware that throws', 'gate-shut', { 'x-gate': 'shut' }, [403, 'forbidden']],
    ['a route middleware that answers itself', 'gate-answer', { 'x-gate': 'answer' }, [401, 'gate_answered']],
  ] as const)('answers %s before the file is sent, and stores nothing', async (_, user, headers, expected) => {
    const token = h.envelope({ userId: user, ...(user === 'throttled' ? { channel: 'tight' } : {}) })
    // The window of `tight` is filled by a normal upload.
    if (user === 'throttled') await uploaded(h, token)
    const before = [(await rows(h)).length, await fileCount()]
    const sent = await sendWithheldFile(`${h.origin}/chatbot/attachments`, token, FILE, headers)
    expect(await ended(requests.at(-1)!)).toBe(true)
    expect(sent.answered).toBe(true)
    expect(sent.bytesBeforeAnswer).toBeLessThan(64 * 1024)
    expect([sent.status, sent.code]).toEqual(expected)
    expect([(await rows(h)).length, await fileCount()]).toEqual(before)
  })

  it('still stores an upload the throttle and middleware let in', async () => {
    const files = await fileCount()
    const file = await uploaded(h, h.envelope({ userId: 'let-in' }))
    expect((await rows(h)).map((row) => row.public_id)).toContain(file.id)
    expect(await fileCount()).toBe(files + 1)
  })
})
