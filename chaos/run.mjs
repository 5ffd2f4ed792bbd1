#!/usr/bin/env node
// The fault suite (docs/reliability.md#the-fault-suite-npm-run-chaos): `node chaos/run.mjs
// [--scenario fuzz,provider,postgres,redis,shutdown,cluster]` after `npm run build` (`npm run
// chaos` does both). `CHAOS_SEED` replays a fuzz run, `CHAOS_FUZZ_COUNT` sets its size per
// database. Postgres and Redis scenarios need CHATBOT_TEST_POSTGRES_URL / CHATBOT_TEST_REDIS_URL
// and are skipped without them. Prints a markdown table, writes chaos/results/latest.{md,json},
// exits 1 when any goal is missed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startFaultProvider } from './fault-provider.mjs'
import { clusterScenario } from './scenarios/cluster.mjs'
import { fuzzScenario } from './scenarios/fuzz.mjs'
import { postgresScenario } from './scenarios/postgres.mjs'
import { providerScenario } from './scenarios/provider.mjs'
import { redisScenario } from './scenarios/redis.mjs'
import { slowBodiesScenario } from './scenarios/slow-bodies.mjs'
import { killScenario, sigtermScenario } from './scenarios/shutdown.mjs'
import { CHAOS_DIR, POSTGRES_URL, REDIS_URL } from './stack.mjs'
import { missedGoal, skippedRow, toMarkdown } from './tally.mjs'

const ALL = ['fuzz', 'provider', 'postgres', 'redis', 'shutdown', 'cluster']
const { values } = parseArgs({ options: { scenario: { type: 'string', default: ALL.join(',') } } })
const chosen = values.scenario.split(',').map((s) => s.trim()).filter(Boolean)
for (const name of chosen) if (!ALL.includes(name)) throw new Error(`Unknown scenario "${name}" (one of ${ALL.join(', ')})`)

const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31))
const fuzzCount = Number(process.env.CHAOS_FUZZ_COUNT ?? 10_000)
const log = (message) => process.stderr.write(`[chaos] ${message}\n`)
const noPostgres = 'CHATBOT_TEST_POSTGRES_URL not set'
const noRedis = 'CHATBOT_TEST_REDIS_URL not set'

const provider = await startFaultProvider()
const context = { seed, count: fuzzCount, provider }
/** Each scenario: its rows' names when skipped, and how to run it. */
const plan = {
  fuzz: [
    { name: '1a. fuzz, sqlite', run: () => fuzzScenario({ ...context, kind: 'sqlite' }) },
    { name: '1b. fuzz, postgres', skip: !POSTGRES_URL && noPostgres, run: () => fuzzScenario({ ...context, kind: 'postgres' }) },
    { name: '1c. slow request bodies', run: () => slowBodiesScenario(context) },
  ],
  provider: [{ name: '2. provider faults', run: () => providerScenario(context) }],
  postgres: [{ name: '3. postgres', skip: !POSTGRES_URL && noPostgres, run: () => postgresScenario(context) }],
  redis: [{ name: '4. redis', skip: !REDIS_URL && noRedis, run: () => redisScenario(context) }],
  shutdown: [
    { name: '5a. SIGTERM under load', run: () => sigtermScenario(context) },
    { name: '5b. kill -9 under load', skip: !REDIS_URL && `${noRedis} (reservations must outlive the process)`, run: () => killScenario(context) },
  ],
  cluster: [{ name: '6. two instances', skip: !(POSTGRES_URL && REDIS_URL) && 'needs CHATBOT_TEST_POSTGRES_URL and CHATBOT_TEST_REDIS_URL', run: () => clusterScenario(context) }],
}

log(`seed ${seed} (CHAOS_SEED=${seed} replays the fuzz cases), ${fuzzCount} fuzzed requests per database`)
const startedAt = new Date()
const rows = []
for (const name of chosen) {
  for (const step of plan[name]) {
    if (step.skip) {
      rows.push(skippedRow(step.name, step.skip))
      continue
    }
    log(`${step.name}…`)
    const t0 = performance.now()
    try {
      const result = await step.run()
      rows.push(...(Array.isArray(result) ? result : [result]))
    } catch (error) {
      log(`${step.name} broke: ${error?.stack ?? error}`)
      rows.push({ scenario: step.name, tried: 0, ok: 0, client: 0, server: {}, crashes: 0, hangs: 0, inputErrors: 0, lost: 0, countersOff: 0, failed: 1, notes: [`the scenario itself failed: ${String(error?.message ?? error).slice(0, 200)}`] })
    }
    log(`${step.name} took ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  }
}
await provider.close()

const seconds = ((Date.now() - startedAt.getTime()) / 1000).toFixed(0)
const failed = rows.filter(missedGoal)
const md = [
  `Fault suite: ${startedAt.toISOString()} · seed ${seed} · ${fuzzCount} fuzzed requests per database · ${cpus().length} cores · Node ${process.version} · ${seconds} s`,
  '',
  toMarkdown(rows),
  '',
  failed.length ? `**${failed.length} scenario(s) missed a goal:** ${failed.map((r) => r.scenario).join(', ')}.` : 'Every goal met: 0 crashes, 0 hangs, 0 500s from input, 0 stored messages lost, 0 counters off.',
  '',
].join('\n')
const results = join(CHAOS_DIR, 'results')
mkdirSync(results, { recursive: true })
writeFileSync(join(results, 'latest.md'), md)
writeFileSync(join(results, 'latest.json'), `${JSON.stringify({ date: startedAt.toISOString(), seed, fuzzCount, rows }, null, 2)}\n`)
process.stdout.write(`\n${md}\n`, () => process.exit(failed.length ? 1 : 0))
