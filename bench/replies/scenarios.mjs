// The durable-replies scenarios of run.mjs (issue [4/8], contract §9.1): resume, stop, and the
// default half of disconnect. `b` is what run.mjs lends them: quick, raw, row, round, log,
// startProvider, startChatbot, runLoad (this folder's load.mjs). The Redis and Postgres variants
// run when CHATBOT_TEST_REDIS_URL (and CHATBOT_TEST_POSTGRES_URL) are set, else a row says why not.
import { REDIS_URL as REDIS, SHARED_STORES_SKIPPED, percentile, sleep, withChatbots, withProvider, withSharedStores } from '../lib.mjs'

/** Reconnect with Last-Event-ID to replies in progress and to replies just ended, memory log then Redis. */
export async function resume(b) {
  const n = b.quick ? 30 : 100
  const k = 5
  const logs = [['memory log', {}], ...(REDIS ? [['Redis log', { CHATBOT_STORAGE_URL: REDIS }]] : [])]
  // In progress: 5,000 tokens 20 ms apart outlast the scenario. Ended: 200 tokens 5 ms apart (1 s).
  const phases = [['live', 'reply in progress', { tokens: 5000, delay: 20 }], ['ended', 'reply ended', { tokens: 200, delay: 5 }]]
  const out = {}
  for (const [log, env] of logs) {
    for (const [phase, label, providerOptions] of phases) {
      const result = await withProvider(b, providerOptions, (provider) =>
        withChatbots(b, provider, [env], ([chatbot]) => b.runLoad({ mode: 'resume', url: chatbot.url, streams: n, eventsBeforeLeave: k, phase })),
      )
      out[`${log}, ${phase}`] = result
      if (result.failures.length) b.log(`resume ${log} ${phase}: ${result.failures.join(' | ')}`)
      const p50 = result.firstEvent.p50
      b.row('resume', `${label}, ${log}: request → first replayed event, p50 (ms)`, { chatbot: b.round(p50), budget: '≤ 5 ms', pass: p50 !== null && p50 <= 5 })
      b.row('resume', `${label}, ${log}: request → first replayed event, p99 (ms)`, { chatbot: b.round(result.firstEvent.p99) })
      b.row('resume', `${label}, ${log}: request → first replayed event, max (ms)`, { chatbot: b.round(result.firstEvent.max) })
      b.row('resume', `${label}, ${log}: reference, GET /health on a new connection at the same moments, p50 (ms)`, { chatbot: b.round(result.health.p50) })
      const what = phase === 'live' ? 'resumed at event k+1' : 'replayed from event k+1 through done'
      b.row('resume', `${label}, ${log}: ${what}`, { chatbot: `${result.correct} of ${n}`, budget: `${n} of ${n}`, pass: result.correct === n })
    }
  }
  if (!REDIS) b.row('resume', 'Redis log', { chatbot: 'skipped: CHATBOT_TEST_REDIS_URL not set' })
  b.raw.resume = out
}

/**
 * Pairs each stop with the provider's close. Stops go one at a time, each after the previous
 * reply's stream ended, so the i-th close is stop i's (a provider that is slow to run its close
 * handler on a busy machine can report it after the next stop went out, so time windows would
 * misattribute it). A close before its stop was sent, or a count that differs, leaves it unmatched.
 */
function closesPerStop(aborts, stops) {
  const sorted = [...aborts].sort((x, y) => x - y)
  return stops.map((stop, i) => (sorted.length === stops.length && sorted[i] >= stop.sentAt ? sorted[i] - stop.sentAt : null))
}

async function measureStops(b, provider, urls, n) {
  const before = provider.aborts.length
  const result = await b.runLoad({ mode: 'stop', ...urls, streams: n, eventsBeforeStop: 5 })
  await sleep(300)
  const closes = closesPerStop(provider.aborts.slice(before), result.stops)
  const matched = closes.filter((c) => c !== null)
  return { ...result, closes, upstreamClosed: provider.aborts.length - before, matched: matched.length, p50: percentile(matched, 50), p99: percentile(matched, 99), max: percentile(matched, 100) }
}

function stopRows(b, label, r, n) {
  const ok = Math.min(r.matched, r.stoppedTrue, r.endedWithStoppedDone, r.storedIncomplete)
  b.row('stop', `${label}: stop sent → provider sees close, p50 (ms)`, { chatbot: b.round(r.p50) })
  b.row('stop', `${label}: stop sent → provider sees close, max (ms)`, { chatbot: b.round(r.max), budget: '≤ 100 ms', pass: r.max !== null && r.max <= 100 && r.matched === n })
  b.row('stop', `${label}: stopped (provider closed, done "stopped", stored incomplete)`, { chatbot: `${ok} of ${n}`, budget: `${n} of ${n}`, pass: ok === n })
}

/** Stop replies streaming from a slow provider: on the instance that runs them, then through another one. */
export async function stop(b) {
  const n = b.quick ? 20 : 50
  const out = {}
  await withProvider(b, { tokens: 5000, delay: 20 }, async (provider) => {
    out.oneInstance = await withChatbots(b, provider, [{}], ([chatbot]) => measureStops(b, provider, { url: chatbot.url }, n))
    stopRows(b, 'one instance', out.oneInstance, n)
    out.twoInstances = await withSharedStores((env) =>
      withChatbots(b, provider, [env, env], ([a, other]) => measureStops(b, provider, { url: a.url, stopUrl: other.url }, n)),
    )
    if (out.twoInstances) stopRows(b, 'two instances (reply on A, stop sent to B)', out.twoInstances, n)
    else b.row('stop', 'two instances', { chatbot: SHARED_STORES_SKIPPED })
  })
  b.raw.stop = out
}

/** The default since 1.1: clients leave after a few tokens; every reply still ends and is stored complete. */
export async function leftReplies(b) {
  const n = b.quick ? 20 : 100
  const tokens = 100
  const expectedText = Array.from({ length: tokens }, (_, i) => `tok${i}`).join(' ')
  const result = await withProvider(b, { tokens, delay: 20 }, async (provider) => {
    const before = provider.aborts.length
    const left = await withChatbots(b, provider, [{}], ([chatbot]) => b.runLoad({ mode: 'left', url: chatbot.url, streams: n, eventsBeforeLeave: 4, expectedText }))
    return { ...left, upstreamAborted: provider.aborts.length - before }
  })
  if (result.failures.length) b.log(`disconnect (default): ${result.failures.join(' | ')}`)
  b.raw.disconnect = { default: result }
  b.row('disconnect', 'default: replies finished and stored complete after the client left', { chatbot: `${result.complete} of ${n}`, budget: `${n} of ${n}`, pass: result.complete === n })
  b.row('disconnect', 'default: upstream requests aborted', { chatbot: result.upstreamAborted, budget: '0', pass: result.upstreamAborted === 0 })
}
