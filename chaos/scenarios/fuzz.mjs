// Scenario 1: fuzzed requests over POST /messages and GET /conversations/{id}/messages against a
// `chatbot serve` child. Case i draws from its own PRNG, seeded from the run's seed and i, so the
// same seed replays the same cases whatever order the answers come in.
import { send, sendRaw } from '../client.mjs'
import { nextRequest } from '../fuzz-requests.mjs'
import { createRandom } from '../fuzz-values.mjs'
import { LEAK_MARKER } from '../fault-provider.mjs'
import { createDatabase, crashed, runId, serverEnv, startServer, stopServer } from '../stack.mjs'
import { checkStored } from '../stored.mjs'
import { createTally } from '../tally.mjs'

const CONCURRENCY = 24
const NON_JSON = /^(text\/plain|application\/x-www-form-urlencoded|multipart\/form-data)/i

export async function fuzzScenario({ kind, seed, count, provider }) {
  const tally = createTally(`1${kind === 'sqlite' ? 'a' : 'b'}. fuzz, ${kind}`)
  const db = await createDatabase(kind)
  const server = await startServer(serverEnv(provider.url, db.connect()))
  const users = Array.from({ length: 8 }, (_, i) => `fuzz-${runId}-${i}`)
  const conversations = new Map()
  const all = []
  const state = { users, conversations, anyConversation: () => all[all.length >> 1] }
  const streams = []
  const firstCases = new Map()
  const codes = new Map()
  const bad = (what, index) => {
    if (!firstCases.has(what)) firstCases.set(what, [])
    if (firstCases.get(what).length < 3) firstCases.get(what).push(index)
  }

  let next = 0
  const worker = async () => {
    while (next < count && !server.exited) {
      const index = next++
      const spec = nextRequest(createRandom((seed + Math.imul(index + 1, 0x9e3779b1)) >>> 0), state)
      const result = spec.raw
        ? await sendRaw(server.port, spec.raw)
        : await send(`${server.url}${spec.path}`, { method: spec.method, headers: spec.headers, body: spec.body, timeoutMs: 10_000 })
      tally.record(result)
      if (result.end === 'hang') bad('hang', index)
      if (result.status >= 500 || result.errorCode === 'internal_error') {
        tally.row.inputErrors++
        bad(`${result.status} ${result.errorCode ?? result.body.slice(0, 60)}`, index)
      }
      if (spec.raw) continue
      const visible = result.body + JSON.stringify(result.events)
      if (/\n\s+at /.test(visible) || visible.includes(LEAK_MARKER)) tally.fail('a stack trace or provider internals in a response', `case ${index}`)
      if (result.status === 200 && spec.envelope !== 'valid') tally.fail(`envelope "${spec.envelope}" accepted`, `case ${index}`)
      if (result.status === 200 && spec.route === 'messages' && NON_JSON.test(spec.contentType ?? '')) tally.fail('a non-JSON content type parsed as JSON', `case ${index}: ${spec.contentType}`)
      const code = errorCode(result)
      if (code) codes.set(`${result.status} ${code}`, (codes.get(`${result.status} ${code}`) ?? 0) + 1)
      if (code && !result.headers['x-content-type-options']) tally.fail('an error answer without X-Content-Type-Options: nosniff', `case ${index}: ${result.status} ${code}`)
      if (spec.route === 'messages' && result.status === 200) {
        if (result.end !== 'done' && result.end !== 'error') tally.fail('a stream that ended without `done` or `error`', `case ${index}: ${result.end}`)
        const id = result.headers['x-chatbot-conversation-id']
        if (id) {
          conversations.set(spec.user, id)
          all.push(id)
        }
        streams.push({ status: 200, headers: { 'x-chatbot-conversation-id': id }, events: result.events.filter((e) => e.type === 'done'), text: result.text, end: result.end })
      }
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000

  if (crashed(server)) {
    tally.row.crashes++
    tally.note(`server exited (${server.exitCode}) after ${next} cases: ${server.stderr().slice(-300)}`)
  } else {
    const health = await send(`${server.url}/health`, { method: 'GET', timeoutMs: 5000 })
    if (health.status !== 200) tally.fail('health not 200 after the fuzz', `${health.status} ${health.body.slice(0, 80)}`)
  }
  await stopServer(server)
  checkStored(streams, await db.rows(), tally)
  await db.drop()
  for (const [what, cases] of firstCases) tally.note(`${what}: cases ${cases.join(', ')}`)
  tally.note(`answers: ${[...codes].sort((a, b) => b[1] - a[1]).map(([code, n]) => `${n} ${code}`).join(', ')}`)
  tally.note(`${tally.row.tried} requests in ${seconds.toFixed(1)} s (seed ${seed}), ${streams.length} streams checked in the database`)
  return tally.finish()
}

function errorCode(result) {
  try {
    return JSON.parse(result.body).error?.code
  } catch {
    return undefined
  }
}
