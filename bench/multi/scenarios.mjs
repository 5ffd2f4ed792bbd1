// Scenarios of the multi-instance setup (issue [7/8]): `instances` (one and two `chatbot serve`
// on one Postgres schema and one Redis, each behind the same TCP balancer) and `console` (the
// admin console's overview on a seeded database, run by ../console-overview.mjs). `b` is what
// run.mjs lends: quick, raw, row, round, log, startProvider, startChatbot, runRequests.
import { spawn } from 'node:child_process'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { BENCH_DIR, ROOT, SHARED_STORES_SKIPPED, median, spawnUntil, stopChild, trackChild, withChatbots, withProvider, withSharedStores } from '../lib.mjs'

/** The cores two instances need besides the provider and the load process to scale. */
const CORES_FOR_TWO = 4

async function startBalancer(urls) {
  const { child, value } = await spawnUntil([join(BENCH_DIR, 'multi/balancer.mjs'), JSON.stringify({ targets: urls })], {
    name: 'balancer',
    match: (line) => (line.startsWith('{"url"') ? JSON.parse(line).url : undefined),
  })
  // The chatbot's routes live under its base path (/chatbot): the balancer forwards bytes only.
  return { child, url: `${value}${new URL(urls[0]).pathname}` }
}

/** 32 users posting back to back through the balancer: one instance behind it, then two, alternating. */
export async function instances(b) {
  const rounds = b.quick ? 1 : 3
  const durationMs = b.quick ? 3000 : 10_000
  const measured = await withProvider(b, { tokens: 200, delay: 0 }, (provider) =>
    withSharedStores((env) =>
      withChatbots(b, provider, [env, env], async ([first, second]) => {
        const setups = { one: await startBalancer([first.url]), two: await startBalancer([first.url, second.url]) }
        const tps = { one: [], two: [] }
        let errors = 0
        try {
          for (let r = 0; r < rounds; r++) {
            for (const name of ['one', 'two']) {
              const result = await b.runRequests({ mode: 'requests', target: 'chatbot', url: setups[name].url, concurrency: 32, durationMs, warmup: r === 0 ? 5 : 0 })
              tps[name].push(result.tokensPerSecond)
              errors += result.errors
              if (result.errors) b.log(`instances ${name}: ${result.errors} errors, e.g. ${result.firstErrors.join(' | ')}`)
            }
          }
        } finally {
          await Promise.all(Object.values(setups).map((setup) => stopChild(setup.child)))
        }
        return { tps, errors }
      }),
    ),
  )
  if (!measured) return b.row('instances', 'two instances behind one port', { chatbot: SHARED_STORES_SKIPPED })
  const one = median(measured.tps.one)
  const two = median(measured.tps.two)
  const cores = cpus().length
  b.raw.instances = { durationMs, rounds, cores, tokensPerSecond: measured.tps, errors: measured.errors }
  b.row('instances', 'relayed tokens/s, 32 users, Postgres + Redis: one instance behind the balancer', { chatbot: b.round(one, 0) })
  b.row('instances', 'the same, two instances behind the balancer (ratio: two ÷ one)', {
    chatbot: b.round(two, 0),
    ratio: b.round(two / one),
    budget: `≥ 1.6× with ≥ ${CORES_FOR_TWO} cores`,
    // Provider, load process and two instances on fewer cores: the row reports, it cannot pass.
    pass: cores >= CORES_FOR_TWO ? two >= 1.6 * one : null,
  })
  b.row('instances', 'errors', { chatbot: measured.errors, budget: '0', pass: measured.errors === 0 })
}

/** `stats.overview` over 90 days of 1,000,000 messages (100,000 with --quick), SQLite and Postgres. */
export async function consoleOverview(b) {
  const messages = b.quick ? 100_000 : 1_000_000
  const out = await new Promise((resolve, reject) => {
    const child = trackChild(spawn(process.execPath, [join(BENCH_DIR, 'console-overview.mjs'), '--messages', String(messages)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }))
    let stdout = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`console-overview.mjs exited ${code}`))))
  })
  b.raw.console = out
  for (const result of out.results) {
    const name = result.dialect === 'sqlite' ? 'SQLite' : 'Postgres'
    b.row('console', `overview, ${result.days} days, ${result.messages.toLocaleString('en-US')} messages, ${name}: in-process / over HTTP, median (ms)`, {
      chatbot: `${result.overviewMs} / ${result.overHttpMs}`,
      budget: '≤ 300 ms',
      pass: Math.max(result.overviewMs, result.overHttpMs) <= 300,
    })
  }
  if (!out.results.some((result) => result.dialect === 'postgres')) b.row('console', 'Postgres', { chatbot: 'skipped: CHATBOT_TEST_POSTGRES_URL not set' })
}
