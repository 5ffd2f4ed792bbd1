// Scenario 3: Postgres trouble under load, through a TCP proxy in front of the real server.
// (a) `pg_terminate_backend` on the server's connections twice during 60 concurrent turns;
// (b) the connection frozen (a half-open peer) while turns and health probes arrive.
// Expected: no crash, 503 (never 500) while the database is away, answers within the query
// timeout (no hang), recovery without a restart, and every turn that streamed stored.
import { health, recordAll, recovery, burst } from '../probe.mjs'
import { POSTGRES_URL, createDatabase, createTcpProxy, crashed, runId, serverEnv, startServer, stopServer } from '../stack.mjs'
import { checkStored } from '../stored.mjs'
import { createTally } from '../tally.mjs'

/** Longer than any timeout a database call should have: an answer this late is a hang. */
const HANG_MS = 15_000
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export async function postgresScenario({ provider }) {
  const tally = createTally('3. postgres')
  const db = await createDatabase('postgres')
  const proxy = await createTcpProxy({ port: Number(new URL(POSTGRES_URL).port || 5432) })
  const server = await startServer(serverEnv(provider.url, db.connect(proxy.port)))
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  await admin.connect()
  const all = []
  try {
    // (a) Terminated backends during 60 turns of about a second each.
    const terminate = async () => (await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [db.applicationName])).rowCount
    const turns = burst(server, { count: 60, prefix: `pg-${runId}-a`, reply: '20:40' })
    await sleep(150)
    const killed = (await terminate()) + (await sleep(300), await terminate())
    const terminated = await turns
    all.push(...terminated)
    recordAll(tally, terminated, `${killed} backends terminated`)
    const back = await recovery(server, `pg-${runId}-a-after`)
    if (back === null) tally.fail('no turn succeeded within 20 s after the backends were terminated')
    if (crashed(server)) throw new Error('crashed')

    // (b) Frozen connection: turns and health while frozen, then recovery.
    proxy.freeze()
    const frozen = await Promise.all([burst(server, { count: 20, prefix: `pg-${runId}-b`, timeoutMs: HANG_MS }), health(server, HANG_MS)])
    const [frozenTurns, frozenHealth] = frozen
    all.push(...frozenTurns)
    const slowest = recordAll(tally, frozenTurns, 'connection frozen')
    tally.record(frozenHealth)
    if (frozenHealth.status !== 503) tally.fail('health not 503 while the database is frozen', `${frozenHealth.status || frozenHealth.end} after ${(frozenHealth.ms / 1000).toFixed(1)} s`)
    tally.note(`health while frozen: ${frozenHealth.status || frozenHealth.end} in ${(frozenHealth.ms / 1000).toFixed(1)} s; slowest turn ${(slowest / 1000).toFixed(1)} s`)
    await proxy.resume()
    const resumed = await recovery(server, `pg-${runId}-b-after`)
    if (resumed === null) tally.fail('no turn succeeded within 20 s after the connection thawed')
    tally.note(`recovered ${back === null ? '—' : `${(back / 1000).toFixed(1)} s`} after the terminations, ${resumed === null ? '—' : `${(resumed / 1000).toFixed(1)} s`} after the thaw`)
    const after = await health(server)
    if (after.status !== 200) tally.fail('health not 200 after recovery', String(after.status))
  } catch (error) {
    if (!crashed(server)) throw error
  } finally {
    if (crashed(server)) {
      tally.row.crashes++
      tally.note(`server exited (${server.exitCode}): ${server.stderr().slice(-300)}`)
    }
    await stopServer(server)
    await admin.end()
    await proxy.close()
  }
  checkStored(all, await db.rows(), tally)
  await db.drop()
  return tally.finish()
}
