// Scenario 4: the counter store (Redis) frozen, then refusing connections, through a TCP proxy,
// while turns arrive (some already streaming when it happens). Expected: no crash, no 500, every
// answer within a few seconds (503 when a counter is needed and Redis is away), health 503 while
// it is away, recovery without a restart, and the counts of turns around the outage exact.
import { burst, health, recordAll, recovery } from '../probe.mjs'
import { checkOutputCounts, readQuota } from '../quota.mjs'
import { REDIS_URL, createDatabase, createTcpProxy, crashed, redisUrl, runId, serverEnv, startServer, stopServer } from '../stack.mjs'
import { checkStored } from '../stored.mjs'
import { createTally } from '../tally.mjs'

/** "A few seconds": an answer slower than this while Redis is away counts as a failed check. */
const FAST_MS = 5_000
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export async function redisScenario({ provider }) {
  const tally = createTally('4. redis')
  const db = await createDatabase('sqlite')
  const proxy = await createTcpProxy({ port: Number(new URL(REDIS_URL).port || 6379) })
  const server = await startServer(serverEnv(provider.url, db.connect(), { CHATBOT_STORAGE_URL: redisUrl(proxy.port) }))
  const all = []
  const counted = []
  const outage = async (name, start) => {
    const inFlight = burst(server, { count: 10, prefix: `redis-${runId}-${name}-flying`, reply: '20:50', timeoutMs: 20_000 })
    await sleep(300)
    await start()
    const [during, probe] = await Promise.all([burst(server, { count: 20, prefix: `redis-${runId}-${name}`, timeoutMs: 20_000 }), health(server, 20_000)])
    all.push(...during, ...(await inFlight))
    recordAll(tally, await inFlight, `Redis ${name} mid-stream`)
    const slowest = recordAll(tally, during, `Redis ${name}`)
    if (slowest > FAST_MS) tally.fail(`answers slower than ${FAST_MS / 1000} s while Redis is ${name}`, `${(slowest / 1000).toFixed(1)} s`)
    tally.record(probe)
    if (probe.status !== 503) tally.fail(`health not 503 while Redis is ${name}`, `${probe.status || probe.end} after ${(probe.ms / 1000).toFixed(1)} s`)
    await proxy.resume()
    const user = `redis-${runId}-${name}-after`
    const back = await recovery(server, user)
    counted.push(user)
    if (back === null) tally.fail(`no turn succeeded within 20 s after Redis ${name === 'frozen' ? 'thawed' : 'came back'}`)
    tally.note(`health while ${name}: ${probe.status || probe.end} in ${(probe.ms / 1000).toFixed(1)} s; recovered in ${back === null ? '—' : `${(back / 1000).toFixed(1)} s`}`)
  }
  try {
    const before = await burst(server, { count: 10, prefix: `redis-${runId}-before` })
    all.push(...before)
    recordAll(tally, before, 'Redis up')
    counted.push(...before.map((_, i) => `redis-${runId}-before-${i}`))
    await outage('frozen', async () => proxy.freeze())
    await outage('refusing', () => proxy.refuse())
    const after = await health(server)
    if (after.status !== 200) tally.fail('health not 200 after Redis came back', String(after.status))
  } finally {
    if (crashed(server)) {
      tally.row.crashes++
      tally.note(`server exited (${server.exitCode}): ${server.stderr().slice(-300)}`)
    }
    await stopServer(server)
    await proxy.close()
  }
  const rows = await db.rows()
  checkStored(all, rows, tally)
  checkOutputCounts(await readQuota(redisUrl(), counted), rows, tally)
  return tally.finish()
}
