// Scenario 2: every provider fault of chaos/fault-provider.mjs, a few requests each, at once.
// Each stream must end with one `error` of the documented code (or `done` where the reply is
// fine), show nothing of the provider's own text, store the user message and the partial reply,
// settle its quota (with Redis: read back afterwards), and the server must stay up.
import { postMessage } from '../client.mjs'
import { FAULT_NAMES, LEAK_MARKER } from '../fault-provider.mjs'
import { checkOutputCounts, readQuota } from '../quota.mjs'
import { REDIS_URL, createDatabase, crashed, envelope, redisUrl, rssOf, runId, serverEnv, startServer, stopServer } from '../stack.mjs'
import { checkStored } from '../stored.mjs'
import { createTally } from '../tally.mjs'

const PER_FAULT = 3
/** What a client must see: the terminal event (`done` or the error codes allowed). */
const EXPECTED = {
  'status-400': ['provider_error'],
  'status-401': ['provider_error'],
  'status-429': ['provider_unavailable'],
  'status-500': ['provider_unavailable'],
  'status-503': ['provider_unavailable'],
  'json-200': ['provider_error'],
  'html-200': ['provider_error'],
  'cut': ['provider_unavailable'],
  'hang-before': ['stream_timeout'],
  'hang-mid': ['stream_timeout'],
  'garbage': ['provider_error'],
  'huge-line': ['provider_error', 'provider_unavailable'],
  'nul': ['done'],
  'special-token': ['done'],
}

export async function providerScenario({ provider }) {
  const tally = createTally('2. provider faults')
  const db = await createDatabase('sqlite')
  const storage = REDIS_URL ? redisUrl() : 'memory:'
  const server = await startServer(serverEnv(provider.url, db.connect(), { CHATBOT_STORAGE_URL: storage, CHATBOT_STREAM_DURATION: '3' }))
  const users = []
  const runs = []
  for (const fault of FAULT_NAMES) {
    for (let i = 0; i < PER_FAULT; i++) {
      const user = `provider-${runId}-${fault}-${i}`
      users.push(user)
      runs.push(postMessage(server.url, { signed_context: envelope(user), message: `please [[fault:${fault}]]` }, { timeoutMs: 20_000 }).then((result) => ({ fault, result })))
    }
  }
  const outcomes = await Promise.all(runs)
  const rss = rssOf(server)
  for (const { fault, result } of outcomes) {
    tally.record(result)
    const terminal = result.events.filter((event) => event.type === 'done' || event.type === 'error')
    const got = result.end === 'done' ? 'done' : (result.errorCode ?? result.end)
    if (result.status !== 200) tally.fail(`${fault}: no stream`, `${result.status} ${result.body.slice(0, 80)}`)
    else if (terminal.length !== 1 || !EXPECTED[fault].includes(got)) tally.fail(`${fault}: ended with ${got}, expected ${EXPECTED[fault].join(' or ')}`, JSON.stringify(terminal.at(-1)?.message ?? '').slice(0, 100))
    if ((result.body + JSON.stringify(result.events)).includes(LEAK_MARKER)) tally.fail(`${fault}: provider text reached the client`)
  }
  tally.note(`${FAULT_NAMES.length} faults × ${PER_FAULT}: ${FAULT_NAMES.join(', ')}; server RSS after: ${rss ? `${Math.round(rss / 1048576)} MB` : '?'}`)
  if (crashed(server)) {
    tally.row.crashes++
    tally.note(`server exited (${server.exitCode}): ${server.stderr().slice(-300)}`)
  }
  await stopServer(server)
  const rows = await db.rows()
  checkStored(outcomes.map((o) => o.result), rows, tally)
  if (REDIS_URL) checkOutputCounts(await readQuota(storage, users), rows, tally)
  else tally.note('quota counts not checked (no CHATBOT_TEST_REDIS_URL)')
  return tally.finish()
}
