#!/usr/bin/env node
// The console's overview on a big database (issue [6/8]): `node bench/console-overview.mjs
// [--messages 1000000] [--days 90] [--runs 9] [--dialect sqlite,postgres]` (after `npm run build`).
// Seeds the messages over the days and four channels straight through Kysely in multi-row batches
// (the rollup trigger runs for every row, as for the kernel's own inserts), rates 5% of the
// replies, then times `stats.overview` over the whole range: the median of `--runs` in-process
// calls (`createAdminCaller`) and of as many over HTTP; and, for reference, the same numbers
// read from `messages` as they would be without the rollup, and what the trigger adds to an insert.
// Postgres runs when CHATBOT_TEST_POSTGRES_URL is set, in a fresh schema dropped afterwards.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { adminPlugin, createAdminCaller } from '@chatbot-kit/admin'
import { dailyActivity, dailyRefusals } from '@chatbot-kit/admin/queries'
import { createChatbot, generateAppKey, insertMessage, serveChatbot, sql } from '@chatbot-kit/kernel'
import { feedbackByDay, feedbackPlugin, rateMessage } from '@chatbot-kit/plugin-feedback'
import { createPostgresSchema } from '@chatbot-kit/test-utils'
import { median } from './lib.mjs'

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '90' },
    runs: { type: 'string', default: '9' },
    dialect: { type: 'string', default: 'sqlite,postgres' },
  },
})
const MESSAGES = Number(values.messages)
const DAYS = Number(values.days)
const RUNS = Number(values.runs)
const CHANNELS = ['default', 'support', 'sales', 'docs']
/** Turns (a question and its reply) per conversation. */
const TURNS = 5
const BATCH = 1000
const DAY_MS = 86_400_000
const TOKEN = 'bench-admin-token'
const log = (line) => process.stderr.write(`${line}\n`)
const round = (ms) => Math.round(ms * 10) / 10

// The range ends yesterday, so the whole of it is seeded and "today" stays empty.
const lastDay = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS)
const firstDay = new Date(lastDay.getTime() - (DAYS - 1) * DAY_MS)
const dayOf = (date) => date.toISOString().slice(0, 10)

async function timed(fn) {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

async function medianOf(runs, fn) {
  await fn() // warm: statement caches, the first connection
  const times = []
  for (let i = 0; i < runs; i++) times.push(await timed(fn))
  return median(times)
}

/** Conversations and their messages, spread evenly over the days and channels, in batches. */
async function seed(db) {
  const conversations = Math.ceil(MESSAGES / (2 * TURNS))
  let stored = 0
  for (let first = 0; first < conversations; first += BATCH / (2 * TURNS)) {
    const rows = []
    for (let i = first; i < Math.min(conversations, first + BATCH / (2 * TURNS)); i++) {
      // A conversation's turns are a minute apart: the last one still ends on the range's last day.
      const startedAt = new Date(firstDay.getTime() + Math.floor((i / conversations) * (DAYS * DAY_MS - TURNS * 60_000))).toISOString()
      rows.push({ public_id: randomUUID(), channel: CHANNELS[i % CHANNELS.length], user_id: `user-${i % 5000}`, guest_id: null, route_name: 'bench', started_at: startedAt, last_activity_at: startedAt, rolled_from: null })
    }
    const ids = await db.insertInto('conversations').values(rows).returning(['id', 'started_at']).execute()
    const messages = []
    for (const { id, started_at: startedAt } of ids) {
      for (let turn = 0; turn < TURNS; turn++) {
        const at = new Date(Date.parse(startedAt) + turn * 60_000).toISOString()
        const base = { conversation_id: id, route_name: 'bench', context_hash: 'bench', status: 'complete', created_at: at }
        messages.push({ ...base, public_id: randomUUID(), role: 'user', content: 'Where is my order?', finish_reason: null, token_count: 6, input_tokens: null, output_tokens: null })
        messages.push({ ...base, public_id: randomUUID(), role: 'assistant', content: 'It shipped yesterday.', finish_reason: 'stop', token_count: 5, input_tokens: 420, output_tokens: 37 })
      }
    }
    await db.insertInto('messages').values(messages).execute()
    stored += messages.length
    if (stored % 100_000 === 0) log(`  ${stored} messages`)
  }
  return stored
}

/** 5% of the replies rated, through the feedback plugin's own function. */
async function rate(db) {
  const replies = await db.selectFrom('messages as m').innerJoin('conversations as c', 'c.id', 'm.conversation_id').select(['m.id', 'm.conversation_id', 'm.created_at', 'c.channel']).where('m.role', '=', 'assistant').where(sql`m.id % 20`, '=', 0).execute()
  for (const reply of replies) {
    await rateMessage(db, { messageId: reply.id, conversationId: reply.conversation_id, channel: reply.channel, rating: reply.id % 3 === 0 ? 'down' : 'up', comment: null, ratedBy: { userId: 'bench' }, now: new Date(reply.created_at) })
  }
  return replies.length
}

/** The overview's message numbers straight from `messages`: what each call would cost without the rollup. */
const withoutRollup = (db, range) =>
  sql`select substr(m.created_at, 1, 10) as day, c.channel, m.role, count(*) as messages, sum(m.input_tokens) as input_tokens, sum(m.output_tokens) as output_tokens
    from ${sql.table('messages')} m join ${sql.table('conversations')} c on c.id = m.conversation_id
    where m.created_at >= ${range.from} and m.created_at < ${`${range.to}\uffff`}
    group by substr(m.created_at, 1, 10), c.channel, m.role`.execute(db)

/** Median µs of one `insertMessage` (a turn's own insert), with and without the trigger. */
async function insertCost(chatbot, dialect) {
  const conversation = await chatbot.db.selectFrom('conversations').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
  const one = () => insertMessage(chatbot.db, { conversationId: conversation.id, role: 'user', content: 'one more', routeName: 'bench', contextHash: 'bench', tokenCount: 2 })
  const withTrigger = await medianOf(500, one)
  await sql`drop trigger ${sql.id('admin_daily_activity_count')}${dialect === 'postgres' ? sql` on ${sql.table('messages')}` : sql``}`.execute(chatbot.db)
  const withoutTrigger = await medianOf(500, one)
  return { withTrigger: round(withTrigger * 1000), withoutTrigger: round(withoutTrigger * 1000) }
}

async function run(dialect, database) {
  log(`${dialect}: seeding ${MESSAGES} messages over ${DAYS} days…`)
  const chatbot = await createChatbot(
    { appKey: generateAppKey(), database, admin: { token: TOKEN }, routeMiddleware: [], plugins: [adminPlugin(), feedbackPlugin()] },
    { env: {}, logger: { error() {}, warn() {}, info() {}, success() {}, log() {}, debug() {} } },
  )
  try {
    const seedMs = await timed(async () => seed(chatbot.db))
    const rated = await rate(chatbot.db)
    if (dialect === 'postgres') await sql`analyze`.execute(chatbot.db)
    const range = { from: dayOf(firstDay), to: dayOf(lastDay) }
    const admin = createAdminCaller(chatbot)
    const overview = await admin.stats.overview(range)
    const counted = overview.days.reduce((sum, day) => sum + day.messages, 0)
    if (counted !== MESSAGES) throw new Error(`the overview counts ${counted} messages, ${MESSAGES} were stored`)
    const inProcess = await medianOf(RUNS, () => admin.stats.overview(range))
    // Its three reads one by one: the rollup, the refusal counts, the feedback plugin's ratings per day.
    const parts = {
      activityMs: round(await medianOf(RUNS, () => dailyActivity(chatbot.db, range))),
      refusalsMs: round(await medianOf(RUNS, () => dailyRefusals(chatbot.db, range))),
      feedbackMs: round(await medianOf(RUNS, () => feedbackByDay(chatbot.db, range))),
    }
    const server = await serveChatbot(chatbot, { port: 0 })
    const url = `${server.url}/chatbot/admin/trpc/stats.overview?input=${encodeURIComponent(JSON.stringify(range))}`
    const overHttp = await medianOf(RUNS, async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      await response.json()
    })
    const reference = await medianOf(Math.min(RUNS, 3), () => withoutRollup(chatbot.db, range))
    const insert = await insertCost(chatbot, dialect)
    await server.close()
    return { dialect, messages: MESSAGES, days: DAYS, rated, seedSeconds: round(seedMs / 1000), overviewMs: round(inProcess), parts, overHttpMs: round(overHttp), withoutRollupMs: round(reference), insertMicros: insert }
  } finally {
    await chatbot.close()
  }
}

const results = []
const dialects = values.dialect.split(',').map((name) => name.trim())
if (dialects.includes('sqlite')) {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-console-bench-'))
  try {
    results.push(await run('sqlite', join(dir, 'bench.sqlite')))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
if (dialects.includes('postgres')) {
  const url = process.env.CHATBOT_TEST_POSTGRES_URL
  if (!url) log('postgres: skipped, CHATBOT_TEST_POSTGRES_URL is not set')
  else {
    // The tests' own fresh schema (search_path scoped), dropped afterwards.
    const schema = await createPostgresSchema(url)
    try {
      results.push(await run('postgres', { url: schema.url }))
    } finally {
      await schema.drop()
    }
  }
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`
process.stdout.write(`${JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2)}\n`)
