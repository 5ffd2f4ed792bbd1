#!/usr/bin/env node
// The chatbot-kit benchmark (docs/performance.md). `node bench/run.mjs [--quick] [--profile]
// [--scenario latency,throughput,streams,disconnect,startup,storage,resume,stop,instances,console,knowledge,eval] [--streams-peer]
// [--max-streams N] [--heap-snapshot-at N,M] [--node PATH] [--out NAME]`.
// Starts the demo provider, `chatbot serve` and the AI SDK peer relay as separate processes, drives
// them from separate load processes over loopback, writes bench/results/latest.{json,md}.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { writeCharts } from './charts.mjs'
import { BENCH_DIR, ROOT, SHARED_STORES_SKIPPED, WARM_UP_SETTLE_MS, httpGet, median, openFilesLimit, percentile, sleep, spawnUntil, stopChild, trackChild, withSharedStores } from './lib.mjs'
import { widgetFiles } from './widget-files.mjs'
import { consoleOverview, instances } from './multi/scenarios.mjs'
import { leftReplies, resume, stop } from './replies/scenarios.mjs'
import { knowledge } from './knowledge/scenario.mjs'
import { evalRun } from './eval/scenario.mjs'

const ALL = ['latency', 'throughput', 'streams', 'disconnect', 'startup', 'storage', 'resume', 'stop', 'instances', 'console', 'knowledge', 'eval']
const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: ALL.join(',') },
    quick: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'streams-peer': { type: 'boolean', default: false },
    'max-streams': { type: 'string' },
    'heap-snapshot-at': { type: 'string' },
    node: { type: 'string' },
    out: { type: 'string', default: 'latest' },
  },
})
const scenarios = values.scenario.split(',').map((s) => s.trim()).filter(Boolean)
for (const s of scenarios) if (!ALL.includes(s)) throw new Error(`Unknown scenario "${s}" (one of ${ALL.join(', ')})`)
const quick = values.quick
const TARGETS = ['direct', 'chatbot', 'peer']
// The Node that runs `chatbot serve`, the peer and the bare `node -e ''` (`--node`, e.g. Node 24 by
// scripts/node24.sh --bench); the provider and the load processes stay on this one.
const SERVER_NODE = values.node ?? process.execPath
const serverNodeVersion = execFileSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).trim()

// Stream counts at which the streams scenario snapshots the server's heap (bench/heap-snapshot.mjs).
const HEAP_SNAPSHOT_AT = values['heap-snapshot-at']?.split(',').map(Number)
if (HEAP_SNAPSHOT_AT?.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`--heap-snapshot-at takes stream counts, e.g. 0,3000,9950 (got "${values['heap-snapshot-at']}")`)

const work = mkdtempSync(join(tmpdir(), 'chatbot-bench-'))
const RESULTS = join(BENCH_DIR, 'results')
const PROFILES = join(RESULTS, 'profiles')
mkdirSync(RESULTS, { recursive: true })
if (values.profile) mkdirSync(PROFILES, { recursive: true })
process.once('exit', () => rmSync(work, { recursive: true, force: true }))

const APP_KEY = `base64:${randomBytes(32).toString('base64')}`
const HIGH = '1000000000'
let dbCounter = 0
const log = (message) => process.stderr.write(`[bench] ${message}\n`)

// ---------------------------------------------------------------------------------------- processes
async function startProvider({ tokens, delay, firstDelay = 0 }) {
  const aborts = []
  const { child, value } = await spawnUntil([join(BENCH_DIR, 'provider.mjs'), '--port', '0', '--tokens', String(tokens), '--delay', String(delay), '--first-delay', String(firstDelay)], {
    name: 'provider',
    match: (line) => (line.startsWith('{"url"') ? JSON.parse(line).url : undefined),
    onLine: (line) => {
      if (line.startsWith('{"aborted"')) aborts.push(JSON.parse(line).aborted)
    },
  })
  return { child, url: value, aborts }
}

function chatbotEnv(providerUrl, database, env) {
  return {
    ...process.env,
    CHATBOT_APP_KEY: APP_KEY,
    CHATBOT_BASE_URL: providerUrl,
    CHATBOT_API_KEY: 'bench',
    CHATBOT_MODEL: 'demo',
    CHATBOT_ROUTE_MIDDLEWARE: '',
    CHATBOT_THROTTLE_PER_MINUTE: HIGH,
    CHATBOT_THROTTLE_PER_DAY: HIGH,
    CHATBOT_DAILY_QUOTA_INPUT: HIGH,
    CHATBOT_DAILY_QUOTA_OUTPUT: HIGH,
    CHATBOT_STREAM_DURATION: '900',
    CHATBOT_DATABASE_URL: database,
    NODE_ENV: 'production',
    ...env,
  }
}

function chatbotArgs(profile, heapDir) {
  return [
    ...(profile ? ['--cpu-prof', '--cpu-prof-dir', PROFILES] : []),
    ...(heapDir ? ['--import', pathToFileURL(join(BENCH_DIR, 'heap-snapshot.mjs')).href] : []),
    join(ROOT, 'packages/chatbot/bin/chatbot.mjs'),
    'serve',
    '--port',
    '0',
    '--config',
    join(BENCH_DIR, 'chatbot.bench.config.mjs'),
  ]
}

/**
 * `env` adds to or overrides the bench's environment (a Postgres database, Redis storage, a flag);
 * `heapDir`: the server takes heap snapshots into it on SIGUSR2 (bench/heap-snapshot.mjs).
 */
async function startChatbot(providerUrl, { profile = values.profile, env = {}, heapDir } = {}) {
  const database = join(work, `chatbot-${++dbCounter}.sqlite`)
  const { child, value } = await spawnUntil(chatbotArgs(profile, heapDir), {
    name: 'chatbot serve',
    node: SERVER_NODE,
    cwd: work,
    env: chatbotEnv(providerUrl, database, heapDir ? { ...env, CHATBOT_BENCH_HEAP_DIR: heapDir } : env),
    match: (line) => /serving (http:\/\/\S+)/.exec(line)?.[1],
  })
  return { child, url: value, pid: child.pid, health: `${value}/health` }
}

async function startPeer(providerUrl) {
  const { child, value } = await spawnUntil([join(BENCH_DIR, 'peer-relay.mjs'), '--port', '0', '--base-url', providerUrl, '--database', join(work, `peer-${++dbCounter}.sqlite`)], {
    name: 'peer relay',
    node: SERVER_NODE,
    match: (line) => (line.startsWith('{"url"') ? JSON.parse(line).url : undefined),
  })
  return { child, url: value, pid: child.pid, health: `${value}/health` }
}

/** Provider + chatbot + peer for one scenario. */
async function startStack(providerOptions, chatbotOptions) {
  const provider = await startProvider(providerOptions)
  const [chatbot, peer] = await Promise.all([startChatbot(provider.url, chatbotOptions), startPeer(provider.url)])
  return {
    provider,
    servers: { direct: { url: provider.url, pid: provider.child.pid }, chatbot, peer },
    stop: () => Promise.all([stopChild(chatbot.child), stopChild(peer.child), stopChild(provider.child)]),
  }
}

function runLoad(options, timeoutMs = 600_000, script = 'load.mjs') {
  return new Promise((resolve, reject) => {
    const child = trackChild(spawn(process.execPath, [join(BENCH_DIR, script), JSON.stringify(options)], { cwd: ROOT, env: { ...process.env, CHATBOT_APP_KEY: APP_KEY }, stdio: ['ignore', 'pipe', 'inherit'] }))
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      const line = out.trim().split('\n').pop()
      let parsed
      try {
        parsed = code === 0 && line ? JSON.parse(line) : undefined
      } catch {
        parsed = undefined
      }
      if (parsed) resolve(parsed)
      else reject(new Error(`load process (${options.target} ${options.mode}) exited ${code}: ${out.slice(-500)}`))
    })
  })
}

// ----------------------------------------------------------------------------------------- results
const rows = []
const raw = {}
const round = (value, digits = 2) => (value === null || value === undefined || Number.isNaN(value) ? null : Number(value.toFixed(digits)))
function row(scenario, metric, { direct = null, chatbot = null, peer = null, ratio = null, budget = '', pass = null }) {
  rows.push({ scenario, metric, direct, chatbot, peer, ratio, budget, pass })
}

// --------------------------------------------------------------------------------------- scenarios
async function latency() {
  const stack = await startStack({ tokens: 50, delay: 5, firstDelay: 0 })
  try {
    // The multi-instance mode (Postgres + Redis) joins the rotation when both services are configured.
    const measured = await withSharedStores(async (env) => {
      const shared = await startChatbot(stack.provider.url, { env })
      try {
        await measureLatency({ ...stack.servers, shared })
        return true
      } finally {
        await stopChild(shared.child)
      }
    })
    if (!measured) await measureLatency(stack.servers)
  } finally {
    await stack.stop()
  }
}

/** Sequential requests, the targets alternating round by round; `servers` maps a target to its server. */
async function measureLatency(servers) {
  const rounds = quick ? 2 : 4
  const perRound = quick ? 25 : 50
  const targets = Object.keys(servers)
  const ttft = Object.fromEntries(targets.map((t) => [t, []]))
  const errors = Object.fromEntries(targets.map((t) => [t, 0]))
  for (let r = 0; r < rounds; r++) {
    for (const target of targets) {
      const kind = target === 'shared' ? 'chatbot' : target
      const result = await runLoad({ mode: 'requests', target: kind, url: servers[target].url, concurrency: 1, count: perRound, warmup: r === 0 ? 10 : 3, keepSamples: true })
      ttft[target].push(...result.ttftAll)
      errors[target] += result.errors
      if (result.errors) log(`latency ${target}: ${result.errors} errors, e.g. ${result.firstErrors.join(' | ')}`)
    }
  }
  const p = (target, q) => percentile(ttft[target], q)
  const added = (target, q) => p(target, q) - p('direct', q)
  raw.latency = {
    requestsPerTarget: rounds * perRound,
    ttft: Object.fromEntries(targets.map((t) => [t, { p50: p(t, 50), p90: p(t, 90), p99: p(t, 99) }])),
    // Every sample (ms), for the distribution chart (bench/charts.mjs).
    samples: Object.fromEntries(targets.map((t) => [t, ttft[t].map((ms) => round(ms, 3))])),
    errors,
  }
  row('latency', 'TTFT p50 (ms)', { direct: round(p('direct', 50)), chatbot: round(p('chatbot', 50)), peer: round(p('peer', 50)) })
  row('latency', 'TTFT p99 (ms)', { direct: round(p('direct', 99)), chatbot: round(p('chatbot', 99)), peer: round(p('peer', 99)) })
  row('latency', 'added TTFT p50 over direct (ms)', { direct: 0, chatbot: round(added('chatbot', 50)), peer: round(added('peer', 50)), ratio: round(added('chatbot', 50) / added('peer', 50)), budget: '≤ 0.3× peer', pass: added('chatbot', 50) <= 0.3 * added('peer', 50) })
  row('latency', 'added TTFT p99 over direct (ms)', { direct: 0, chatbot: round(added('chatbot', 99)), peer: round(added('peer', 99)), ratio: round(added('chatbot', 99) / added('peer', 99)) })
  row('latency', 'errors', { direct: errors.direct, chatbot: errors.chatbot, peer: errors.peer, budget: '0', pass: errors.chatbot === 0 && (errors.shared ?? 0) === 0 })
  if (!servers.shared) return row('latency', 'Postgres + Redis mode', { chatbot: SHARED_STORES_SKIPPED })
  row('latency', 'Postgres + Redis mode: TTFT p50 / p99 (ms)', { chatbot: `${round(p('shared', 50))} / ${round(p('shared', 99))}` })
  // 1.2's budget is a ratio of what each mode adds over direct, measured in the same rounds (issue [7/7]).
  const ratio = added('shared', 50) / added('chatbot', 50)
  row('latency', 'Postgres + Redis mode: added TTFT p50 over direct (ms; ratio: ÷ SQLite mode\'s)', { chatbot: round(added('shared', 50)), ratio: round(ratio), budget: '≤ 2× SQLite mode', pass: ratio <= 2 })
}

async function throughput() {
  const rounds = quick ? 1 : 3
  const durationMs = quick ? 3000 : 10_000
  const stack = await startStack({ tokens: 200, delay: 0, firstDelay: 0 })
  // The same server reading the provider's Responses API (/v1/responses) instead of chat completions.
  const responses = await startChatbot(stack.provider.url, { env: { CHATBOT_PROVIDER_API: 'responses' } })
  const servers = { ...stack.servers, responses }
  const targets = Object.keys(servers)
  const tps = Object.fromEntries(targets.map((t) => [t, []]))
  const errors = Object.fromEntries(targets.map((t) => [t, 0]))
  try {
    for (let r = 0; r < rounds; r++) {
      for (const target of targets) {
        const kind = target === 'responses' ? 'chatbot' : target
        const result = await runLoad({ mode: 'requests', target: kind, url: servers[target].url, concurrency: 32, durationMs, warmup: r === 0 ? 5 : 0 })
        tps[target].push(result.tokensPerSecond)
        errors[target] += result.errors
        if (result.errors) log(`throughput ${target}: ${result.errors} errors, e.g. ${result.firstErrors.join(' | ')}`)
      }
    }
  } finally {
    await Promise.all([stack.stop(), stopChild(responses.child)])
  }
  const m = (t) => median(tps[t])
  raw.throughput = { durationMs, rounds, tokensPerSecond: tps, errors }
  row('throughput', 'relayed tokens/s, 32 users (median of rounds)', { direct: round(m('direct'), 0), chatbot: round(m('chatbot'), 0), peer: round(m('peer'), 0), ratio: round(m('chatbot') / m('peer')), budget: '≥ 6× peer', pass: m('chatbot') >= 6 * m('peer') })
  row('throughput', 'relayed tokens/s, provider.api: responses (ratio: ÷ the chat path)', { chatbot: round(m('responses'), 0), ratio: round(m('responses') / m('chatbot')) })
  row('throughput', 'errors', { direct: errors.direct, chatbot: errors.chatbot + errors.responses, peer: errors.peer, budget: '0', pass: errors.chatbot + errors.responses === 0 })
}

async function streams() {
  const stepSize = quick ? 500 : 1000
  const targets = values['streams-peer'] ? ['chatbot', 'peer'] : ['chatbot']
  const results = {}
  let ceiling
  const heapDir = HEAP_SNAPSHOT_AT && join(RESULTS, 'heap', startedAt.toISOString().replace(/[:.]/g, '-'))
  if (heapDir) mkdirSync(heapDir, { recursive: true })
  for (const target of targets) {
    const stack = await startStack({ tokens: 900, delay: 1000, firstDelay: 0 }, { heapDir })
    try {
      const server = stack.servers[target]
      // Two sockets per stream (the client's, the provider's) and 100 files kept for the server's own.
      ceiling ??= Math.floor(((openFilesLimit(server.pid) ?? 20_000) - 100) / 2)
      const maxStreams = Number(values['max-streams'] ?? (quick ? 1000 : ceiling))
      // The RSS before the ramp is read after the tokenizer warm-up, which is no stream's memory.
      await sleep(WARM_UP_SETTLE_MS)
      // A snapshot stops the server for seconds, so a run that takes them measures objects, not
      // gaps: its ramp goes on to the ceiling whatever a stream waited (errors still end it).
      const heap = heapDir && target === 'chatbot' ? { heapDir, heapSnapshotAt: HEAP_SNAPSHOT_AT, gapLimitMs: 3_600_000 } : {}
      results[target] = await runLoad({ mode: 'streams', target, url: server.url, serverPid: server.pid, healthUrl: server.health, stepSize, maxStreams, settleMs: quick ? 2500 : 3000, ...heap })
    } finally {
      await stack.stop()
    }
  }
  raw.streams = { ...results, fileLimitCeiling: ceiling }
  const held = (t) => results[t]?.held
  const c = held('chatbot')
  const idle = (t) => results[t]?.idleHealthP99 ?? NaN
  row('streams', `open streams held (1 chunk/s; the server's file limit allows ${ceiling.toLocaleString('en-US')})`, { chatbot: c?.streams ?? 0, peer: held('peer')?.streams ?? null, budget: `${ceiling.toLocaleString('en-US')} (the ceiling)`, pass: (c?.streams ?? 0) >= ceiling })
  row('streams', 'RSS per open stream (KB)', { chatbot: round((c?.rssPerStreamBytes ?? NaN) / 1024, 1), peer: round((held('peer')?.rssPerStreamBytes ?? NaN) / 1024, 1), budget: '≤ 40 KB', pass: c ? c.rssPerStreamBytes <= 40 * 1024 : false })
  row('streams', 'health p50 while open (ms)', { chatbot: round(c?.healthP50 ?? NaN), peer: round(held('peer')?.healthP50 ?? NaN) })
  row('streams', 'health p99 idle, before the ramp (ms)', { chatbot: round(idle('chatbot')), peer: round(idle('peer')) })
  row('streams', 'health p99 while open (ms; ratio: ÷ idle p99)', { chatbot: round(c?.healthP99 ?? NaN), peer: round(held('peer')?.healthP99 ?? NaN), ratio: round(c?.healthP99OverIdle ?? NaN), budget: '≤ 10× idle', pass: c ? c.healthP99OverIdle <= 10 : false })
  for (const step of results.chatbot.steps) row('streams', `health p99 ÷ idle p99 at ${step.streams.toLocaleString('en-US')} streams`, { chatbot: round(step.healthP99), ratio: round(step.healthP99OverIdle) })
  row('streams', 'stopped because', { chatbot: results.chatbot.stoppedBecause, peer: results.peer?.stoppedBecause ?? null })
}

async function disconnect() {
  // The default (1.1): the client leaves, the reply goes on and is stored complete.
  await leftReplies(bench)
  // 1.0's behaviour, kept with CHATBOT_STREAM_ABORT_ON_DISCONNECT=true: the provider request is aborted.
  const n = quick ? 20 : 100
  const stack = await startStack({ tokens: 5000, delay: 20, firstDelay: 0 }, { env: { CHATBOT_STREAM_ABORT_ON_DISCONNECT: 'true' } })
  const out = {}
  try {
    for (const target of TARGETS) {
      const server = stack.servers[target]
      const before = stack.provider.aborts.length
      const result = await runLoad({ mode: 'disconnect', target, url: server.url, streams: n, tokensBeforeAbort: 3 })
      // Wait for the provider to see the closes (up to 2 s).
      const deadline = Date.now() + 2000
      while (stack.provider.aborts.length - before < n && Date.now() < deadline) await sleep(10)
      await sleep(200)
      const closes = stack.provider.aborts.slice(before).map((t) => t - result.abortAt)
      let activeZeroMs = null
      if (target === 'chatbot') {
        const start = Date.now()
        while (Date.now() - start < 3000) {
          const probe = await httpGet(server.health)
          if (probe.status === 200 && JSON.parse(probe.body).active_streams === 0) {
            activeZeroMs = Date.now() - start
            break
          }
          await sleep(5)
        }
      }
      out[target] = { streams: n, upstreamClosed: closes.length, p50: percentile(closes, 50), p99: percentile(closes, 99), max: percentile(closes, 100), activeStreamsZeroAfterMs: activeZeroMs }
    }
  } finally {
    await stack.stop()
  }
  raw.disconnect = { ...raw.disconnect, abortOnDisconnect: out }
  const pass = out.chatbot.upstreamClosed >= n && out.chatbot.max !== null && out.chatbot.max <= 100
  row('disconnect', `abortOnDisconnect: true: upstream requests aborted of ${n}`, { direct: out.direct.upstreamClosed, chatbot: out.chatbot.upstreamClosed, peer: out.peer.upstreamClosed, budget: `${n} of ${n}`, pass: out.chatbot.upstreamClosed >= n })
  row('disconnect', 'abortOnDisconnect: true: abort → provider sees close, p50 (ms)', { direct: round(out.direct.p50), chatbot: round(out.chatbot.p50), peer: round(out.peer.p50) })
  row('disconnect', 'abortOnDisconnect: true: abort → provider sees close, max (ms)', { direct: round(out.direct.max), chatbot: round(out.chatbot.max), peer: round(out.peer.max), budget: '≤ 100 ms', pass })
}

async function startup() {
  const runs = quick ? 3 : 5
  const times = { direct: [], chatbot: [], peer: [] }
  const provider = await startProvider({ tokens: 5, delay: 0 })
  try {
    for (let i = 0; i < runs; i++) {
      // direct: a bare Node process start to exit (the floor for any Node server).
      let start = performance.now()
      await new Promise((resolve) => trackChild(spawn(SERVER_NODE, ['-e', '']).once('exit', resolve)))
      times.direct.push(performance.now() - start)

      for (const target of ['chatbot', 'peer']) {
        start = performance.now()
        const server = target === 'chatbot' ? await startChatbot(provider.url, { profile: false }) : await startPeer(provider.url)
        for (;;) {
          const probe = await httpGet(server.health, 1000)
          if (probe.status === 200) break
          if (performance.now() - start > 10_000) throw new Error(`${target} not healthy after 10 s: ${probe.status} ${probe.body}`)
          await sleep(2)
        }
        times[target].push(performance.now() - start)
        await stopChild(server.child)
      }
    }
  } finally {
    await stopChild(provider.child)
  }
  raw.startup = times
  const m = (t) => median(times[t])
  const ratio = m('chatbot') / m('direct')
  row('startup', `process start → healthy on Node ${serverNodeVersion}, median of ${runs} (ms; direct = node -e '' start to exit; ratio: chatbot ÷ direct)`, { direct: round(m('direct'), 0), chatbot: round(m('chatbot'), 0), peer: round(m('peer'), 0), ratio: round(ratio), budget: '≤ 2.5× direct', pass: ratio <= 2.5 })
}

async function storage() {
  const count = quick ? 2000 : 10_000
  const results = []
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    const dir = mkdtempSync(join(work, 'storage-'))
    const { value } = await spawnUntil([join(BENCH_DIR, 'storage.mjs'), String(count), dir], { name: 'storage', timeoutMs: 120_000, match: (line) => (line.startsWith('{') ? JSON.parse(line) : undefined) })
    results.push(value)
  }
  raw.storage = results
  const k = median(results.map((r) => r.kernelPerSecond))
  const b = median(results.map((r) => r.rawPerSecond))
  row('storage', `messages stored/s (${count}, one awaited insert at a time; peer = bare better-sqlite3)`, { chatbot: round(k, 0), peer: round(b, 0), ratio: round(k / b), budget: '≥ 5,000/s', pass: k >= 5000 })
}

// --------------------------------------------------------------------------------------------- main
/** What the durable-replies, knowledge and eval scenarios (replies/, knowledge/, eval/) use of this file. */
const bench = { quick, work, benchDir: BENCH_DIR, log, raw, row, round, startProvider, startChatbot, startPeer, chatbotEnv, runRequests: (options) => runLoad(options), runLoad: (options) => runLoad(options, 600_000, 'replies/load.mjs') }
const runners = { latency, throughput, streams, disconnect, startup, storage, resume: () => resume(bench), stop: () => stop(bench), instances: () => instances(bench), console: () => consoleOverview(bench), knowledge: () => knowledge(bench), eval: () => evalRun(bench) }
const startedAt = new Date()
const failures = {}
for (const name of scenarios) {
  log(`scenario ${name}…`)
  const t0 = performance.now()
  try {
    await runners[name]()
  } catch (error) {
    failures[name] = String(error?.stack ?? error)
    log(`scenario ${name} failed: ${error?.message ?? error}`)
    row(name, 'FAILED', { chatbot: String(error?.message ?? error).slice(0, 120), pass: false })
  }
  log(`scenario ${name} took ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}

// What a page downloads of the widget (every page: widget.js; the rest when a channel needs it), from the build.
const widget = widgetFiles()
raw.widget = widget
for (const file of widget) {
  const metric = file.name === 'widget.js' ? 'widget.js, gzip (B; every page loads it)' : `${file.name}, gzip (B; loaded lazily, when a channel needs it)`
  row('widget', metric, { chatbot: file.gzipBytes, budget: file.name === 'widget.js' ? '≤ 25,600 B' : '', pass: file.name === 'widget.js' ? file.gzipBytes <= 25_600 : null })
}

const command = `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim()
const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, serverNode: serverNodeVersion, platform: `${process.platform} ${process.arch}` }
const fmt = (v) => (v === null || v === undefined ? '—' : typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(v))
const md = [
  `Benchmark: ${startedAt.toISOString()} · \`${command}\` · ${machine.cpus} cores (${machine.cpuModel}) · Node ${machine.node}${machine.serverNode === machine.node ? '' : ` (servers and bare node on ${machine.serverNode})`} · ${quick ? 'quick' : 'full'} run`,
  '',
  '| scenario | metric | direct | chatbot | peer | ratio | budget | pass |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.scenario} | ${r.metric} | ${fmt(r.direct)} | ${fmt(r.chatbot)} | ${fmt(r.peer)} | ${fmt(r.ratio)} | ${r.budget || '—'} | ${r.pass === null ? '—' : r.pass ? 'pass' : '**FAIL**'} |`),
  '',
].join('\n')
// A profiled server is slower, and a heap snapshot stops it for seconds: their numbers go to
// profile-run.* and heap-snapshot-run.* and never replace latest.*.
const outName = values.profile ? 'profile-run' : HEAP_SNAPSHOT_AT ? 'heap-snapshot-run' : values.out
writeFileSync(join(RESULTS, `${outName}.json`), `${JSON.stringify({ date: startedAt.toISOString(), command, quick, machine, rows, raw, failures }, null, 2)}\n`)
writeFileSync(join(RESULTS, `${outName}.md`), md)
// The charts of docs/performance.md follow the recorded run (a partial run redraws only its own).
if (outName === 'latest') for (const name of writeCharts(JSON.parse(readFileSync(join(RESULTS, 'latest.json'), 'utf8')))) log(`chart docs/images/${name}`)
process.stdout.write(`\n${md}\n`, () => process.exit(Object.keys(failures).length ? 1 : 0))
