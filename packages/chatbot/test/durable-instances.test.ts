import { generateAppKey } from '@chatbot-kit/kernel'
import { createHeldProvider, createPostgresSchema, type HeldProvider, type PostgresSchema } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, stop } from './cli.js'
import { chatClient, readFrames, serveInstance, textOf, within, type Instance } from './durable-serve.js'

// Contract §9.1: with Postgres and Redis shared, resume and stop work whichever instance a
// request reaches. Two real `chatbot serve` processes, A and B; the provider holds each reply
// after HELD tokens, so what streamed so far is known exactly when the test acts.

const postgresUrl = process.env.CHATBOT_TEST_POSTGRES_URL
const redisUrl = process.env.CHATBOT_TEST_REDIS_URL
const skip = postgresUrl && redisUrl ? false : 'skipped: needs CHATBOT_TEST_POSTGRES_URL and CHATBOT_TEST_REDIS_URL'

const WORDS = Array.from({ length: 40 }, (_, index) => `w${index} `)
const HELD = 5
const heldText = WORDS.slice(0, HELD).join('')

beforeAll(() => assertBuilt())

describe.skipIf(skip)(skip || 'two chatbot serve processes on one Postgres and one Redis', () => {
  const appKey = generateAppKey()
  const client = chatClient(appKey)
  let provider: HeldProvider
  let schema: PostgresSchema
  let a: Instance
  let b: Instance

  beforeAll(async () => {
    provider = await createHeldProvider(() => ({ tokens: WORDS, holdAfter: HELD }))
    schema = await createPostgresSchema(postgresUrl!)
    const settings = { appKey, providerUrl: provider.url, database: schema.url, storage: redisUrl! }
    // One after the other: the first migrates the fresh schema.
    a = await serveInstance(settings)
    b = await serveInstance(settings)
  })
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((instance) => stop(instance.child)))
    await provider?.close()
    await schema?.drop()
  })

  it('a reply started on A and dropped after k events resumes on B from its Last-Event-ID: the rest exactly once, then done', async () => {
    const browser = new AbortController()
    const { conversationId, reader } = await client.send(a, 'resume me on B', browser.signal)
    const request = await within(provider.request('resume me on B'), 10, 'the provider request')
    await request.held
    await reader.reach(3)
    browser.abort()
    const seen = reader.frames.slice(0, 3)
    const messageId = seen[0]!.data.message_id as string
    expect(seen[0]!.data.type).toBe('context_summary')
    expect(seen.map((frame) => frame.id)).toEqual([1, 2, 3].map((seq) => `${messageId}:${seq}`))

    const resuming = await client.resume(b, conversationId, seen.at(-1)!.id)
    expect(resuming.status).toBe(200)
    const resumed = readFrames(resuming)
    // B replays what A streamed after the given id, then waits with A's provider request.
    await expect.poll(() => textOf([...seen, ...resumed.frames]), { timeout: 10_000, interval: 200 }).toBe(heldText)

    // Meanwhile B's history lists the reply as streaming, with its text so far (drafts are flushed each second).
    await expect
      .poll(async () => (await client.history(b, conversationId)).slice(-2), { timeout: 10_000, interval: 200 })
      .toEqual([
        expect.objectContaining({ role: 'user', content: 'resume me on B', status: 'complete' }),
        expect.objectContaining({ id: messageId, role: 'assistant', content: heldText, status: 'streaming' }),
      ])

    request.release()
    const rest = await within(resumed.ended, 20, 'the resumed stream on B ending')
    const all = [...seen, ...rest]
    expect(all.map((frame) => frame.id)).toEqual(all.map((_, index) => `${messageId}:${index + 1}`))
    expect(all.at(-1)!.data).toMatchObject({ type: 'done', message_id: messageId, finish_reason: 'stop' })
    expect(textOf(all)).toBe(WORDS.join(''))
    expect(await within(request.ended, 10, 'the provider request ending')).toBe('completed')

    expect((await client.history(b, conversationId)).at(-1)).toMatchObject({ id: messageId, content: WORDS.join(''), status: 'complete' })
    // Within the resume window a stream with no id replays the whole reply, byte for byte, on A too.
    const replayed = await within(readFrames(await client.resume(a, conversationId)).ended, 20, 'the replay on A ending')
    expect(replayed.map(({ id, raw }) => ({ id, raw }))).toEqual(all.map(({ id, raw }) => ({ id, raw })))
  })

  it('stop sent to B stops the reply running on A: its provider request closes, every open stream ends with done "stopped", the partial is stored', async () => {
    const { conversationId, reader } = await client.send(a, 'stop me from B')
    const request = await within(provider.request('stop me from B'), 10, 'the provider request')
    await request.held
    await expect.poll(() => textOf(reader.frames), { timeout: 10_000, interval: 200 }).toBe(heldText)
    const messageId = reader.frames[0]!.data.message_id as string
    // A second stream of the same reply, open on B.
    const following = await client.resume(b, conversationId)
    expect(following.status).toBe(200)
    const follower = readFrames(following)
    await expect.poll(() => textOf(follower.frames), { timeout: 10_000, interval: 200 }).toBe(heldText)

    const response = await client.stop(b, conversationId)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ stopped: true, message_id: messageId })
    expect(await within(request.ended, 10, "A's provider request ending")).toBe('closed')

    const first = await within(reader.ended, 10, "A's stream ending")
    const second = await within(follower.ended, 10, "B's resumed stream ending")
    for (const frames of [first, second]) {
      expect(frames.at(-1)!.data).toMatchObject({ type: 'done', message_id: messageId, finish_reason: 'stopped' })
      expect(textOf(frames)).toBe(heldText)
    }
    expect(second.map(({ id, raw }) => ({ id, raw }))).toEqual(first.map(({ id, raw }) => ({ id, raw })))

    for (const instance of [a, b]) {
      expect((await client.history(instance, conversationId)).at(-1)).toMatchObject({ id: messageId, role: 'assistant', content: heldText, status: 'incomplete' })
    }
    const again = await client.stop(b, conversationId)
    expect(await again.json()).toEqual({ stopped: false })
  })
})
