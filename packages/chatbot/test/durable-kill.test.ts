import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDatabase, generateAppKey } from '@chatbot-kit/kernel'
import { createHeldProvider, createPostgresSchema, type HeldProvider } from '@chatbot-kit/test-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, stop } from './cli.js'
import { chatClient, kill9, readFrames, serveInstance, textOf, within, type Instance, type ServeSettings } from './durable-serve.js'

// Issue 15: kill -9 of the instance running a reply. The draft of a reply in progress
// (`replies_in_progress`) keeps its text so far; a restarted instance finds the draft's heartbeat
// old, stores its text as an `incomplete` reply and deletes it.

const postgresUrl = process.env.CHATBOT_TEST_POSTGRES_URL
const redisUrl = process.env.CHATBOT_TEST_REDIS_URL

interface Target {
  name: string
  skip: string | false
  create(): Promise<{ database: string; storage?: string; drop(): Promise<void> }>
}

const targets: Target[] = [
  {
    name: 'SQLite, no Redis',
    skip: false,
    create: async () => {
      const folder = mkdtempSync(join(tmpdir(), 'chatbot-kill-'))
      return { database: join(folder, 'chatbot.sqlite'), drop: async () => rmSync(folder, { recursive: true, force: true }) }
    },
  },
  {
    name: 'Postgres and Redis',
    skip: postgresUrl && redisUrl ? false : 'skipped: needs CHATBOT_TEST_POSTGRES_URL and CHATBOT_TEST_REDIS_URL',
    create: async () => {
      const schema = await createPostgresSchema(postgresUrl!)
      return { database: schema.url, storage: redisUrl!, drop: () => schema.drop() }
    },
  },
]

const WORDS = Array.from({ length: 400 }, (_, index) => `w${index} `)

/** What the database holds of a reply now: its draft's text, and its stored message. */
async function replyRows(database: string, replyId: string) {
  const { db, close } = await createDatabase(database)
  try {
    const drafts = db.withTables<{ replies_in_progress: { reply_id: string; content: string } }>()
    const draft = await drafts.selectFrom('replies_in_progress').select('content').where('reply_id', '=', replyId).executeTakeFirst()
    const stored = await db.selectFrom('messages').select(['content', 'status', 'finish_reason']).where('public_id', '=', replyId).executeTakeFirst()
    return { draft: draft?.content, stored }
  } finally {
    await close()
  }
}

beforeAll(() => assertBuilt())

describe.each(targets)('kill -9 of the instance running a reply, on $name', (target) => {
  let provider: HeldProvider
  const instances: Instance[] = []
  const drops: (() => Promise<void>)[] = []

  beforeAll(async () => {
    provider = await createHeldProvider(() => ({ tokens: WORDS, tokenDelayMs: 50 }))
  })
  afterEach(async () => {
    await Promise.all(instances.splice(0).map((instance) => stop(instance.child)))
    await Promise.all(drops.splice(0).map((drop) => drop()))
  })
  afterAll(() => provider?.close())

  it.skipIf(target.skip)(
    target.skip || 'after a restart: the user message is stored, the partial reply is incomplete, no draft is left, a resume ends',
    async () => {
      const appKey = generateAppKey()
      const client = chatClient(appKey)
      const { database, storage, drop } = await target.create()
      drops.push(drop)
      const settings: ServeSettings = { appKey, providerUrl: provider.url, database, ...(storage ? { storage } : {}) }
      const doomed = await serveInstance(settings)
      instances.push(doomed)

      const { conversationId, reader } = await client.send(doomed, 'kill me')
      await reader.reach(2)
      const replyId = reader.frames[0]!.data.message_id as string
      // Streams on until its draft holds some text (flushed about each second).
      await expect.poll(async () => (await replyRows(database, replyId)).draft, { timeout: 15_000, interval: 200 }).toBeTruthy()
      const flushed = (await replyRows(database, replyId)).draft!
      await kill9(doomed)
      instances.splice(instances.indexOf(doomed), 1)
      const request = await provider.request('kill me')
      expect(await within(request.ended, 10, 'the provider request ending')).toBe('closed')
      // What the client saw before the kill, its stream cut.
      await reader.ended.catch(() => {})
      const seen = textOf(reader.frames)
      const lastId = reader.frames.at(-1)!.id!
      expect(seen.startsWith(flushed)).toBe(true)

      const restarted = await serveInstance(settings)
      instances.push(restarted)
      // Asked at once, before any repair: a resume must not hang on the dead instance's reply.
      const resuming = (async () => {
        const response = await client.resume(restarted, conversationId, lastId)
        return { status: response.status, frames: response.status === 200 ? await readFrames(response).ended : [] }
      })()
      resuming.catch(() => {})

      // The repair: the draft's heartbeat grows old, the draft becomes the stored reply and goes.
      await expect
        .poll(() => replyRows(database, replyId), { timeout: 45_000, interval: 500 })
        .toEqual({ draft: undefined, stored: { content: expect.any(String), status: 'incomplete', finish_reason: 'reply_interrupted' } })
      const history = await client.history(restarted, conversationId)
      expect(history.slice(-2)).toEqual([
        expect.objectContaining({ role: 'user', content: 'kill me', status: 'complete' }),
        expect.objectContaining({ id: replyId, role: 'assistant', status: 'incomplete' }),
      ])
      const stored = history.at(-1)!.content
      // At least what was flushed before the kill, at most what the client had seen.
      expect(stored.startsWith(flushed)).toBe(true)
      expect(seen.startsWith(stored)).toBe(true)
      expect(history.filter((message) => message.status === 'streaming')).toEqual([])

      const resumed = await within(resuming, 40, 'the resume on the restarted instance answering and ending')
      expect([200, 204]).toContain(resumed.status)
      // Nothing the client had is repeated; a stream ends with the interruption (or a done). It
      // may carry nothing when the kill fell between a frame reaching the client and the log.
      expect(resumed.frames.every((frame) => Number(frame.id!.split(':')[1]) > Number(lastId.split(':')[1]))).toBe(true)
      const last = resumed.frames.at(-1)?.data
      if (last && last.type !== 'done') expect(last).toMatchObject({ type: 'error', code: 'reply_interrupted' })
    },
    120_000,
  )
})
