// Scenario 5: the process stopped under load. (a) SIGTERM with 50 streams live: each client must
// get `done` or an `error` event (never a bare reset), new requests a 503 or a refused
// connection, the partial replies stored and the quota settled. (b) `kill -9` with 20 streams of
// one user whose day they fill: after a restart their reservations must lapse by their lease, so
// the user is not locked out for the day, and every user message that opened a stream is stored.
import { postMessage } from '../client.mjs'
import { burst, recovery } from '../probe.mjs'
import { checkOutputCounts, readQuota } from '../quota.mjs'
import { REDIS_URL, createDatabase, envelope, redisUrl, runId, serverEnv, startServer, stopServer } from '../stack.mjs'
import { checkStored } from '../stored.mjs'
import { createTally } from '../tally.mjs'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)))

/** `count` streams that each saw `tokens` tokens: resolves `{ results, streaming }` once they all did (or after 8 s). */
function openStreams(server, users, tokens = 3) {
  let ready = 0
  let resolveReady
  const allReady = new Promise((resolve) => (resolveReady = resolve))
  const results = users.map((user, i) => {
    let seen = 0
    return postMessage(server.url, { signed_context: envelope(user), message: `stream ${i} [[reply:400:25]]` }, {
      timeoutMs: 30_000,
      onEvent: (event) => {
        if (event.type === 'token' && ++seen === tokens && ++ready === users.length) resolveReady()
      },
    })
  })
  return { results: Promise.all(results), ready: Promise.race([allReady, sleep(8000)]) }
}

export async function sigtermScenario({ provider }) {
  const tally = createTally('5a. SIGTERM, 50 streams')
  const db = await createDatabase('sqlite')
  const storage = REDIS_URL ? redisUrl() : 'memory:'
  const server = await startServer(serverEnv(provider.url, db.connect(), { CHATBOT_STORAGE_URL: storage, CHATBOT_STREAM_DURATION: '30', CHATBOT_SHUTDOWN_GRACE: '2' }))
  const users = Array.from({ length: 50 }, (_, i) => `term-${runId}-${i}`)
  const { results, ready } = openStreams(server, users)
  await ready
  const t0 = performance.now()
  server.stopping = true
  server.child.kill('SIGTERM')
  await sleep(300)
  const late = await postMessage(server.url, { signed_context: envelope(`term-${runId}-late`), message: 'too late' }, { timeoutMs: 10_000 })
  const streams = await results
  await Promise.race([exited(server.child), sleep(15_000)])
  const exitMs = performance.now() - t0
  for (const result of streams) {
    tally.record(result)
    if (result.end !== 'done' && result.end !== 'error') tally.fail('a stream ended without `done` or `error` (a bare reset)', result.end)
  }
  tally.record(late)
  if (!(late.status === 503 || late.end === 'refused')) tally.fail('a request during the grace period was not refused (503 or connection refused)', `${late.status} ${late.end}`)
  const codes = {}
  for (const r of streams) codes[r.errorCode ?? r.end] = (codes[r.errorCode ?? r.end] ?? 0) + 1
  tally.note(`streams ended: ${Object.entries(codes).map(([c, n]) => `${n}× ${c}`).join(', ')}; request during grace: ${late.status || late.end}; exit ${server.exitCode} after ${(exitMs / 1000).toFixed(1)} s (grace 2 s)`)
  if (server.exitCode !== 0) tally.fail('the process did not exit 0 after SIGTERM', String(server.exitCode))
  if (!server.exited) await stopServer(server)
  const rows = await db.rows()
  checkStored(streams, rows, tally)
  if (REDIS_URL) checkOutputCounts(await readQuota(storage, users), rows, tally)
  else tally.note('quota not checked (no CHATBOT_TEST_REDIS_URL)')
  return tally.finish()
}

export async function killScenario({ provider }) {
  const tally = createTally('5b. kill -9, 20 streams')
  const db = await createDatabase('sqlite')
  const storage = redisUrl()
  const user = `kill-${runId}`
  // 20 turns × the quota plugin's 512-token reservation: the killed turns hold the whole day.
  const env = serverEnv(provider.url, db.connect(), { CHATBOT_STORAGE_URL: storage, CHATBOT_STREAM_DURATION: '4', CHATBOT_SHUTDOWN_GRACE: '1', CHATBOT_DAILY_QUOTA_OUTPUT: String(20 * 512) })
  const server = await startServer(env)
  const { results, ready } = openStreams(server, Array.from({ length: 20 }, () => user))
  await ready
  server.stopping = true
  server.child.kill('SIGKILL')
  const streams = await results
  for (const result of streams) tally.record(result)
  const held = (await readQuota(storage, [user], { dailyQuota: { output: 20 * 512 } })).get(user).output
  const t0 = performance.now()
  const again = await startServer(env)
  try {
    const back = await recovery(again, user, 45_000)
    if (back === null) {
      tally.row.countersOff++
      tally.fail('the user was still locked out 45 s after the restart (reservations of killed turns never lapsed)')
    }
    const after = await burst(again, { count: 1, prefix: `kill-${runId}-fresh` })
    if (after[0].end !== 'done') tally.fail('a turn after the restart failed', after[0].errorCode ?? after[0].end)
    tally.note(`${held} output tokens held right after the kill (limit ${20 * 512}); the user could chat again ${back === null ? 'never (45 s)' : `${((performance.now() - t0) / 1000).toFixed(1)} s after the restart`}`)
  } finally {
    await stopServer(again)
  }
  // Nothing can store a partial reply of a killed process: only the user messages are checked.
  checkStored(streams.map((r) => ({ ...r, text: '', events: [] })), await db.rows(), tally)
  return tally.finish()
}
