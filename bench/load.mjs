#!/usr/bin/env node
// The load process: `node bench/load.mjs '<json options>'`, spawned by run.mjs once per scenario
// and target. Talks to one target over loopback, parses its SSE stream and prints one JSON result
// line on stdout. Targets: `direct` (the provider's /v1/chat/completions itself, the floor),
// `chatbot` (POST /chatbot/messages with a signed envelope), `peer` (the AI SDK relay).
// Modes: `requests` (sequential or concurrent request loops, bounded by a count or a duration),
// `streams` (ramp slow streams in steps), `disconnect` (open streams, then abort them all at once).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import { createSseDataReader, httpGet, percentile, rssBytes, sleep, wallNow } from './lib.mjs'

const options = JSON.parse(process.argv[2])
const { target, url } = options
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 })

let signer
if (target === 'chatbot') {
  const { createEnvelopeSigner } = await import('../packages/kernel/dist/kernel.js')
  signer = createEnvelopeSigner({ appKey: process.env.CHATBOT_APP_KEY })
}
const envelopes = new Map()
function envelope(user) {
  let token = envelopes.get(user)
  if (!token) {
    token = signer.mint({ userId: user, route: 'bench', channel: 'default' })
    envelopes.set(user, token)
  }
  return token
}

function requestSpec(user, message) {
  if (target === 'direct') {
    return {
      path: `${url}/chat/completions`,
      body: JSON.stringify({ model: 'demo', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: message }] }),
    }
  }
  if (target === 'chatbot') return { path: `${url}/messages`, body: JSON.stringify({ signed_context: envelope(user), message }) }
  return { path: `${url}/messages`, body: JSON.stringify({ message, user }) }
}

/** Classifies one SSE `data:` payload: 'token', 'done', 'error' or undefined. */
function classify(data) {
  if (data === '[DONE]') return 'done'
  let event
  try {
    event = JSON.parse(data)
  } catch {
    return 'error'
  }
  if (event.type === 'token') return 'token'
  if (event.type === 'done') return 'done'
  if (event.type === 'error' || event.error) return 'error'
  if (event.choices?.[0]?.delta?.content) return 'token'
  return undefined
}

let tokensTotal = 0
/**
 * Streams one request. `hooks.onToken(stream)` per token; resolves with the per-request record.
 * Returns `{ promise, abort }`.
 */
function stream(user, message, hooks = {}) {
  const spec = requestSpec(user, message)
  const record = { start: performance.now(), ttft: null, total: null, tokens: 0, error: null, lastChunkAt: performance.now() }
  let req
  const promise = new Promise((resolve) => {
    let settled = false
    let sawDone = false
    const finish = (error) => {
      if (settled) return
      settled = true
      record.total = performance.now() - record.start
      if (error && !record.error) record.error = error
      if (!error && !sawDone && !record.error) record.error = 'stream ended without done'
      resolve(record)
    }
    req = http.request(spec.path, { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'content-length': Buffer.byteLength(spec.body) } }, (res) => {
      if (res.statusCode !== 200) {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => finish(`HTTP ${res.statusCode} ${body.slice(0, 200)}`))
        res.on('error', () => finish(`HTTP ${res.statusCode}`))
        return
      }
      const read = createSseDataReader((payload) => {
        const kind = classify(payload.trimStart())
        if (kind === 'token') {
          if (record.ttft === null) record.ttft = performance.now() - record.start
          record.tokens++
          tokensTotal++
          hooks.onToken?.(record)
        } else if (kind === 'done') sawDone = true
        else if (kind === 'error') record.error = `error event: data:${payload.slice(0, 195)}`
      })
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        record.lastChunkAt = performance.now()
        read(chunk)
      })
      res.on('end', () => finish())
      res.on('error', (error) => finish(String(error.message ?? error)))
      res.on('aborted', () => finish('aborted'))
    })
    req.on('error', (error) => finish(String(error.message ?? error)))
    req.end(spec.body)
  })
  return { promise, record, abort: () => req.destroy() }
}

function summarize(records) {
  const ok = records.filter((r) => !r.error)
  const ttft = ok.map((r) => r.ttft)
  const total = ok.map((r) => r.total)
  return {
    requests: records.length,
    errors: records.length - ok.length,
    firstErrors: [...new Set(records.filter((r) => r.error).map((r) => r.error))].slice(0, 3),
    tokens: records.reduce((sum, r) => sum + r.tokens, 0),
    ttft: { p50: percentile(ttft, 50), p90: percentile(ttft, 90), p99: percentile(ttft, 99), max: percentile(ttft, 100) },
    total: { p50: percentile(total, 50), p99: percentile(total, 99) },
    ttftAll: ttft,
  }
}

async function requestsMode() {
  const { concurrency = 1, count, durationMs, warmup = 0 } = options
  for (let i = 0; i < warmup; i++) await stream('bench-warm', 'warm up').promise
  tokensTotal = 0
  const records = []
  const start = performance.now()
  const deadline = durationMs ? start + durationMs : Infinity
  let launched = 0
  let tokensAtDeadline = null
  let deadlineTimer
  if (durationMs) deadlineTimer = setTimeout(() => (tokensAtDeadline = tokensTotal), durationMs)
  async function user(index) {
    while (performance.now() < deadline && (count === undefined || launched < count)) {
      launched++
      // `questions`: what the knowledge scenario asks (words its corpus holds); otherwise a greeting.
      records.push(await stream(`bench-user-${index}`, options.questions ? options.questions[launched % options.questions.length] : `Hello number ${launched}`).promise)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, index) => user(index)))
  clearTimeout(deadlineTimer)
  const elapsed = performance.now() - start
  const summary = summarize(records)
  const windowTokens = tokensAtDeadline ?? tokensTotal
  const windowMs = durationMs ? Math.min(durationMs, elapsed) : elapsed
  return { ...summary, elapsedMs: elapsed, tokensPerSecond: (windowTokens / windowMs) * 1000 }
}

/** `count` GETs of `url`, 50 ms apart, each on a fresh connection: their times (Infinity for a failure). */
async function probeHealth(url, count, onBody) {
  const times = []
  for (let i = 0; i < count; i++) {
    const probe = await httpGet(url)
    times.push(probe.status === 200 ? probe.ms : Infinity)
    if (probe.status === 200) onBody?.(probe.body)
    await sleep(50)
  }
  return times
}

/**
 * Asks the server (run with bench/heap-snapshot.mjs) for a heap snapshot labelled `label` and waits
 * for it: resolves with its line of `snapshots.jsonl` (file, memory before and after).
 */
async function heapSnapshot(serverPid, dir, label) {
  const log = join(dir, 'snapshots.jsonl')
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : [])
  const taken = lines().length
  writeFileSync(join(dir, 'next-label'), label)
  process.kill(serverPid, 'SIGUSR2')
  while (lines().length === taken) await sleep(500)
  return JSON.parse(lines()[taken])
}

async function streamsMode() {
  const { stepSize, maxStreams, settleMs = 3000, gapLimitMs = 2000, serverPid, healthUrl, openConcurrency = 200, probes = 20, heapDir } = options
  // Stream counts at which to snapshot the server's heap (the first step at or past each).
  const snapshotAt = [...(options.heapSnapshotAt ?? [])].sort((a, b) => a - b)
  const snapshots = []
  // `last`: the ramp stopped short (a stall, an error), so the next snapshot is taken where it stopped.
  const snapshotIfDue = async (last = false) => {
    if (!snapshotAt.length || (open.size < snapshotAt[0] && !last)) return
    while (snapshotAt.length && open.size >= snapshotAt[0]) snapshotAt.shift()
    const taken = await heapSnapshot(serverPid, heapDir, String(open.size))
    snapshots.push({ streams: open.size, ...taken })
    process.stderr.write(`[load ${target}] heap snapshot at ${open.size} streams: ${taken.file} (${taken.ms} ms)\n`)
    // The server stood still while it wrote the snapshot: let the held-back chunks arrive before
    // the next step measures gaps again.
    await sleep(2000)
    maxGap = 0
  }
  const open = new Set()
  let errors = 0
  const errorSamples = new Set()
  let maxGap = 0
  const monitor = setInterval(() => {
    const now = performance.now()
    for (const s of open) {
      const gap = now - s.record.lastChunkAt
      if (gap > maxGap) maxGap = gap
    }
  }, 200)
  const baseline = rssBytes(serverPid)
  // The idle server's health, probed as at each step: the yardstick of the health budget.
  const idleHealthP99 = percentile(await probeHealth(healthUrl, probes), 99)
  await snapshotIfDue()
  const steps = []
  let opened = 0
  let stop = null
  while (!stop && opened < maxStreams) {
    const stepTarget = Math.min(maxStreams, opened + stepSize)
    maxGap = 0
    // Open this step's streams, at most `openConcurrency` waiting for their first token at once.
    let pending = 0
    await new Promise((resolveStep) => {
      let resolve = resolveStep
      let stepOver = false
      const launch = () => {
        while (!stepOver && pending < openConcurrency && opened < stepTarget) {
          opened++
          pending++
          let first = true
          const s = stream(`bench-slow-${opened % 200}`, `Slow stream ${opened}`, {
            onToken: () => {
              if (first) {
                first = false
                pending--
                launch()
              }
            },
          })
          open.add(s)
          s.promise.then((record) => {
            open.delete(s)
            if (first) {
              first = false
              pending--
              launch()
            }
            if (record.error !== 'aborted-by-bench') {
              errors++
              errorSamples.add(record.error ?? 'stream ended early')
            }
          })
        }
        if (pending === 0 && opened >= stepTarget) resolve()
      }
      // A stream that waits longer than the limit for its first chunk ends the step (and the ramp).
      const watchdog = setInterval(() => {
        if (maxGap > gapLimitMs) {
          clearInterval(watchdog)
          resolve()
        }
      }, 100)
      const done = resolve
      resolve = () => {
        stepOver = true
        clearInterval(watchdog)
        done()
      }
      launch()
    })
    const stalledWhileOpening = maxGap > gapLimitMs ? maxGap : 0
    maxGap = stalledWhileOpening
    await sleep(settleMs)
    let active = null
    const health = await probeHealth(healthUrl, probes, (body) => {
      try {
        active = JSON.parse(body).active_streams ?? active
      } catch {
        // peer's health has no counter
      }
    })
    const rss = rssBytes(serverPid)
    const step = {
      streams: open.size,
      activeStreams: active,
      maxGapMs: Math.round(maxGap),
      errors,
      rssBytes: rss,
      rssPerStreamBytes: open.size ? Math.round((rss - baseline) / open.size) : null,
      healthP50: percentile(health, 50),
      healthP99: percentile(health, 99),
      healthP99OverIdle: percentile(health, 99) / idleHealthP99,
    }
    steps.push(step)
    process.stderr.write(`[load ${target}] ${JSON.stringify(step)}\n`)
    if (maxGap > gapLimitMs) stop = `a stream waited ${Math.round(maxGap)} ms for a chunk`
    else if (errors > 0) stop = `errors: ${[...errorSamples].slice(0, 2).join('; ')}`
    await snapshotIfDue(stop !== null)
  }
  clearInterval(monitor)
  for (const s of open) {
    s.record.error = 'aborted-by-bench'
    s.abort()
  }
  const good = steps.filter((s) => s.maxGapMs <= gapLimitMs && s.errors === 0)
  return { baselineRssBytes: baseline, idleHealthP99, steps, snapshots, stoppedBecause: stop ?? `reached ${maxStreams} streams`, held: good.length ? good[good.length - 1] : null }
}

async function disconnectMode() {
  const { streams: n, tokensBeforeAbort = 3 } = options
  const all = []
  await new Promise((resolve) => {
    let ready = 0
    for (let i = 0; i < n; i++) {
      let counted = false
      const s = stream(`bench-abort-${i}`, `Abort me ${i}`, {
        onToken: (record) => {
          if (!counted && record.tokens >= tokensBeforeAbort) {
            counted = true
            if (++ready === n) resolve()
          }
        },
      })
      s.promise.then(() => {
        if (!counted) {
          counted = true
          if (++ready === n) resolve()
        }
      })
      all.push(s)
    }
  })
  const abortAt = wallNow()
  for (const s of all) s.abort()
  const records = await Promise.all(all.map((s) => s.promise))
  return { abortAt, streams: n, reachedTokens: records.filter((r) => r.tokens >= tokensBeforeAbort).length }
}

const modes = { requests: requestsMode, streams: streamsMode, disconnect: disconnectMode }
const result = await modes[options.mode]()
if (!options.keepSamples) delete result.ttftAll
agent.destroy()
// A pipe is written asynchronously: exit only once the result line is flushed.
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0))
