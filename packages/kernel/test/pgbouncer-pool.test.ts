import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createPostgresSchema, pgBouncerAvailability, startPgBouncer, type PgBouncer, type PostgresSchema } from '@chatbot-kit/test-utils'
import { findConversationByPublicId, listMessages } from '@chatbot-kit/kernel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness.js'
import { follow, paced } from './shutdown-streams.js'

const skip = pgBouncerAvailability()
const TURNS = 12

/** Session mode holds a server connection per client connection: our pool must not outnumber it. Transaction mode does not. */
const CASES = [
  { poolMode: 'session', query: '?max=4' },
  { poolMode: 'transaction', query: '' },
] as const

describe.skipIf(skip).each(CASES)(`Postgres behind PgBouncer in $poolMode mode, a pool of 4 ${skip || ''}`, ({ poolMode, query }) => {
  let bouncer: PgBouncer
  let schema: PostgresSchema
  let provider: DemoProvider
  let h: Harness

  beforeAll(async () => {
    bouncer = await startPgBouncer({ postgresUrl: process.env.CHATBOT_TEST_POSTGRES_URL!, poolMode, poolSize: 4 })
    schema = await createPostgresSchema(process.env.CHATBOT_TEST_POSTGRES_URL!)
    // Replies long enough that all twelve turns hold their conversation at once.
    provider = await createDemoProvider({ responder: () => paced(20, 100) })
    // PgBouncer ignores `options` (a search_path): our tables go to a schema of their own instead.
    h = await createHarness('in-process', { database: { url: `${bouncer.url}${query}`, schema: schema.sibling } }, { provider })
  })
  afterAll(async () => {
    await h?.close()
    await provider?.close()
    await bouncer?.close()
    await schema?.drop()
  })

  it(`with "${query || 'no ?max='}": twelve concurrent turns all complete and are stored complete`, async () => {
    const token = h.envelope()
    const streams = await Promise.all(
      Array.from({ length: TURNS }, async (_, index) => {
        const response = await h.post({ signed_context: token, message: `turn ${index}` })
        expect(response.status).toBe(200)
        return follow(response)
      }),
    )
    const ended = await Promise.all(streams.map((stream) => stream.ended))
    expect(ended.map((events) => events.at(-1))).toEqual(Array.from({ length: TURNS }, () => expect.objectContaining({ type: 'done', finish_reason: 'stop' })))

    const replies = await Promise.all(
      streams.map(async (stream) => (await listMessages(h.chatbot.db, (await findConversationByPublicId(h.chatbot.db, stream.conversationId))!.id)).at(-1)),
    )
    expect(replies).toEqual(Array.from({ length: TURNS }, () => expect.objectContaining({ role: 'assistant', status: 'complete' })))
  })
})
