#!/usr/bin/env node
// The load process for durable replies: `node bench/replies/load.mjs '<json options>'`, spawned
// by run.mjs (scenarios resume, stop, disconnect). Prints one JSON result line on stdout.
// Modes:
// - `resume`: opens replies, leaves each after `k` events, then (once every reply ended, for
//   `ended`) reconnects to each in turn with Last-Event-ID: time from the request sent to the
//   first replayed event, and whether that event is seq k+1 (for ended replies: every later
//   event once, through `done`).
// - `stop`: opens replies on `url`, then one at a time POSTs stop to `stopUrl` and waits for the
//   reply's stream to end; run.mjs matches the provider's closes to the wall-clock send times.
// - `left`: opens replies, leaves all at once after `k` events, waits until health shows no
//   stream, then reads each conversation's history: was the reply stored complete?
import { httpGet, percentile, sleep, wallNow } from '../lib.mjs'
import { createRepliesClient, openReplies } from './client.mjs'

const options = JSON.parse(process.argv[2])
const client = await createRepliesClient(options.url)
const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: percentile(values, 100) })

/** Leaves each reply: destroys its socket; the last id read is where a resume starts. */
function leave(stream) {
  stream.lastEventId = stream.frames.at(-1)?.id ?? null
  stream.leftAfter = stream.frames.length
  stream.destroy()
}

/** Polls `/health` until no reply streams (or `timeoutMs`); resolves the ms it took, or null. */
async function streamsDrained(timeoutMs) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    const probe = await httpGet(`${options.url}/health`)
    if (probe.status === 200 && JSON.parse(probe.body).active_streams === 0) return Date.now() - start
    await sleep(20)
  }
  return null
}

async function resumeMode() {
  const { streams: n, eventsBeforeLeave: k, phase, warmup = 5 } = options
  const replies = await openReplies(n + warmup, k, (i, onFrame) => client.post(`bench-resume-${i}`, `Resume me ${i}`, onFrame))
  for (const reply of replies) leave(reply)
  await Promise.all(replies.map((r) => r.promise))
  const drainedAfterMs = phase === 'ended' ? await streamsDrained(60_000) : null
  const firstEvent = []
  const wholeReplay = []
  // The floor at the same moments: a request on a new connection that does nothing (health).
  const health = []
  let correct = 0
  const failures = new Set()
  for (const [i, reply] of replies.entries()) {
    const probe = await httpGet(`${options.url}/health`)
    if (i >= warmup && probe.status === 200) health.push(probe.ms)
    const resumed = client.resume(reply.conversationId, `bench-resume-${i}`, reply.lastEventId, (frame, stream) => {
      if (phase === 'live') stream.destroy()
    })
    await resumed.promise
    if (i < warmup) continue
    const first = resumed.frames[0]
    if (first) firstEvent.push(first.at - resumed.sentAt)
    const seqs = resumed.frames.map((f) => f.seq)
    const inOrder = seqs.every((seq, at) => seq === reply.leftAfter + 1 + at) && first?.id?.startsWith(`${reply.lastEventId.split(':')[0]}:`)
    const whole = phase === 'live' || (resumed.ended && resumed.frames.at(-1).type === 'done')
    if (resumed.status === 200 && first && inOrder && whole) correct++
    else failures.add(`HTTP ${resumed.status}, first ${first?.id ?? 'none'} after ${reply.lastEventId}, ${seqs.length} events, ${resumed.error ?? ''}`)
    if (phase === 'ended' && resumed.ended) wholeReplay.push(resumed.frames.at(-1).at - resumed.sentAt)
  }
  return { phase, streams: n, eventsBeforeLeave: k, drainedAfterMs, correct, failures: [...failures].slice(0, 3), firstEvent: stats(firstEvent), wholeReplay: stats(wholeReplay), health: stats(health) }
}

async function stopMode() {
  const { streams: n, eventsBeforeStop: k, stopUrl, gapMs = 20 } = options
  const stopper = stopUrl ? await createRepliesClient(stopUrl) : client
  const replies = await openReplies(n, k, (i, onFrame) => client.post(`bench-stop-${i}`, `Stop me ${i}`, onFrame))
  const stops = []
  for (const [i, reply] of replies.entries()) {
    const sentAt = wallNow()
    const start = performance.now()
    const response = await stopper.stop(reply.conversationId, `bench-stop-${i}`)
    const respondedMs = performance.now() - start
    await Promise.race([reply.promise, sleep(5000)])
    const done = reply.frames.at(-1)
    const stoppedDone = done?.type === 'done' && JSON.parse(done.data).finish_reason === 'stopped'
    stops.push({ sentAt, status: response.status, stopped: response.body?.stopped === true, respondedMs, doneMs: stoppedDone ? done.at - start : null })
    await sleep(gapMs)
  }
  // Stored as far as it got, marked incomplete (read through the instance the stops went to).
  let storedIncomplete = 0
  for (const [i, reply] of replies.entries()) {
    const history = await stopper.history(reply.conversationId, `bench-stop-${i}`)
    if (history.body?.messages?.at(-1)?.status === 'incomplete') storedIncomplete++
  }
  return {
    streams: n,
    stops,
    stoppedTrue: stops.filter((s) => s.stopped).length,
    endedWithStoppedDone: stops.filter((s) => s.doneMs !== null).length,
    storedIncomplete,
    respond: stats(stops.map((s) => s.respondedMs)),
    done: stats(stops.filter((s) => s.doneMs !== null).map((s) => s.doneMs)),
  }
}

async function leftMode() {
  const { streams: n, eventsBeforeLeave: k, expectedText } = options
  const replies = await openReplies(n, k, (i, onFrame) => client.post(`bench-left-${i}`, `Leave me ${i}`, onFrame))
  const leftAt = wallNow()
  for (const reply of replies) leave(reply)
  await Promise.all(replies.map((r) => r.promise))
  const drainedAfterMs = await streamsDrained(120_000)
  let complete = 0
  const failures = new Set()
  for (const [i, reply] of replies.entries()) {
    const history = await client.history(reply.conversationId, `bench-left-${i}`)
    const last = history.body?.messages?.at(-1)
    if (last?.role === 'assistant' && last.status === 'complete' && last.content === expectedText) complete++
    else failures.add(`HTTP ${history.status}: ${last ? `${last.role} ${last.status}, ${last.content.length} chars` : JSON.stringify(history.body).slice(0, 200)}`)
  }
  return { streams: n, leftAt, drainedAfterMs, complete, failures: [...failures].slice(0, 3) }
}

const modes = { resume: resumeMode, stop: stopMode, left: leftMode }
const result = await modes[options.mode]()
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0))
