import { createConversation, createDatabase, migrate, migrationsOf, type ChatbotDatabase, type Conversation, type Turn } from '@chatbot-kit/kernel'
import { deleteConversation } from '@chatbot-kit/kernel/plugin'
import { describeEachDatabase, silentLogger, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { createDraftFlusher } from '../src/drafts/draft-flusher.js'
import { createLocalReplies } from '../src/drafts/local-replies.js'
import { WRITES_PER_TICK } from '../src/drafts/plan-tick.js'
import { repliesPlugin } from '../src/index.js'
import { REPLY_TABLES } from '../src/storage/reply-tables.js'

type DraftView = { reply_id: string; instance_id: string; content: string; updated_at: string }
type InstanceView = { instance_id: string; heartbeat_at: string }
type Tables = { replies_in_progress: DraftView; replies_instances: InstanceView }

describeEachDatabase('drafts of the replies running here', { label: 'tick by tick' }, (target) => {
  let created: CreatedDatabase
  let database: ChatbotDatabase
  beforeAll(async () => {
    created = await target.create()
    database = await createDatabase(created.database, { tables: REPLY_TABLES })
    await migrate(database.db, migrationsOf({ plugins: [repliesPlugin()] }))
  })
  afterEach(() => void vi.useRealTimers())
  afterAll(async () => {
    await database?.close()
    await created?.drop()
  })

  const tables = () => database.db.withTables<Tables>()
  const rows = (instanceId: string) => tables().selectFrom('replies_in_progress').select(['reply_id', 'content', 'updated_at']).where('instance_id', '=', instanceId).orderBy('reply_id').execute()
  const heartbeat = async (instanceId: string) =>
    (await tables().selectFrom('replies_instances').select('heartbeat_at').where('instance_id', '=', instanceId).executeTakeFirst())?.heartbeat_at
  const at = (iso: string) => vi.setSystemTime(Date.parse(`2026-11-24T${iso}Z`))
  const conversationOf = () => createConversation(database.db, { channel: 'default', owner: { userId: 'u' }, routeName: 'r' })
  const turnOf = (conversation: Conversation, replyId: string, text: string) => ({ replyId, conversation, routeName: 'r', contextHash: null, text }) as unknown as Turn & { text: string }

  it("a row once the reply has run a second, its text while it changes; the instance's heartbeat every 5 s; nothing left after the end and close", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T10:00:00.000Z') })
    const turn = turnOf(await conversationOf(), '0b6f3c3e-7d2a-4f5e-9d8b-2a6c1e4f7a90', 'Hel')
    const replies = createLocalReplies()
    const drafts = createDraftFlusher(database.db, 'instance-a', replies, silentLogger())
    replies.begin(turn)

    await drafts.flush()
    expect(await rows('instance-a')).toEqual([])
    expect(await heartbeat('instance-a')).toBe('2026-11-24T10:00:00.000Z')
    at('10:00:01.000')
    await drafts.flush()
    expect(await rows('instance-a')).toEqual([{ reply_id: turn.replyId, content: 'Hel', updated_at: '2026-11-24T10:00:01.000Z' }])
    expect(await heartbeat('instance-a')).toBe('2026-11-24T10:00:01.000Z')
    turn.text = 'Hello'
    at('10:00:02.000')
    await drafts.flush()
    expect(await rows('instance-a')).toEqual([{ reply_id: turn.replyId, content: 'Hello', updated_at: '2026-11-24T10:00:02.000Z' }])
    // Unchanged text: nothing is written until the instance's heartbeat is due, then the heartbeat alone.
    at('10:00:06.000')
    await drafts.flush()
    expect(await heartbeat('instance-a')).toBe('2026-11-24T10:00:02.000Z')
    at('10:00:07.000')
    await drafts.flush()
    expect(await heartbeat('instance-a')).toBe('2026-11-24T10:00:07.000Z')
    expect((await rows('instance-a'))[0]!.updated_at).toBe('2026-11-24T10:00:02.000Z')

    replies.end(turn.replyId)
    expect(replies.running(turn.replyId)).toBeUndefined()
    await drafts.flush()
    expect(await rows('instance-a')).toEqual([])
    expect([...replies.all()]).toEqual([])
    await drafts.stop()
    expect(await heartbeat('instance-a')).toBeUndefined()
  })

  it('never writes a row for a reply that ends within its first second', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T11:00:00.000Z') })
    const turn = turnOf(await conversationOf(), '5c1e0f0a-2b3c-4d5e-8f9a-0b1c2d3e4f50', 'Fast.')
    const replies = createLocalReplies()
    const drafts = createDraftFlusher(database.db, 'instance-b', replies, silentLogger())
    replies.begin(turn)
    vi.setSystemTime(Date.parse('2026-11-24T11:00:00.900Z'))
    await drafts.flush()
    replies.end(turn.replyId)
    vi.setSystemTime(Date.parse('2026-11-24T11:00:05.000Z'))
    await drafts.flush()
    expect(await rows('instance-b')).toEqual([])
    expect([...replies.all()]).toEqual([])
  })

  it('writes at most WRITES_PER_TICK drafts a tick: inserts first, then the texts written longest ago; deletes any number at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T12:00:00.000Z') })
    const conversation = await conversationOf()
    const count = 6 * WRITES_PER_TICK
    const turns = Array.from({ length: count }, (_, index) => turnOf(conversation, `reply-${String(index).padStart(4, '0')}`, 'v1'))
    const replies = createLocalReplies()
    const drafts = createDraftFlusher(database.db, 'instance-c', replies, silentLogger())
    turns.forEach((turn) => replies.begin(turn))
    const contents = async () => (await rows('instance-c')).map((row) => row.content)
    const tick = async (second: number) => (at(`12:00:${String(second).padStart(2, '0')}.000`), await drafts.flush())

    await tick(1)
    expect(await contents()).toEqual(Array(WRITES_PER_TICK).fill('v1'))
    // The first rows' text changes, but the replies without a row come first.
    turns.forEach((turn) => (turn.text = 'v22'))
    for (let second = 2; second <= 6; second += 1) await tick(second)
    expect(await contents()).toEqual([...Array(WRITES_PER_TICK).fill('v1'), ...Array(count - WRITES_PER_TICK).fill('v22')])

    turns.forEach((turn) => (turn.text = 'v333'))
    await tick(7)
    expect(await contents()).toEqual([...Array(WRITES_PER_TICK).fill('v333'), ...Array(count - WRITES_PER_TICK).fill('v22')])
    await tick(8)
    expect(await contents()).toEqual([...Array(2 * WRITES_PER_TICK).fill('v333'), ...Array(count - 2 * WRITES_PER_TICK).fill('v22')])

    turns.forEach((turn) => replies.end(turn.replyId))
    await tick(9)
    expect(await rows('instance-c')).toEqual([])
    expect([...replies.all()]).toEqual([])
  })

  it("a reply whose conversation was deleted mid-reply gets no row and does not hold back the others'", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T13:00:00.000Z') })
    const gone = await conversationOf()
    const kept = await conversationOf()
    const replies = createLocalReplies()
    const drafts = createDraftFlusher(database.db, 'instance-d', replies, silentLogger())
    replies.begin(turnOf(gone, 'reply-gone', 'Lost'))
    replies.begin(turnOf(kept, 'reply-kept', 'Kept'))
    await deleteConversation(database.db, gone.publicId)
    at('13:00:01.000')
    await drafts.flush()
    expect(await rows('instance-d')).toEqual([{ reply_id: 'reply-kept', content: 'Kept', updated_at: '2026-11-24T13:00:01.000Z' }])
  })
})
