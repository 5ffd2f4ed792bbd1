// Probes shared by the dependency scenarios: health, "does a turn work again", and a burst of
// turns whose answers a scenario then counts.
import { postMessage, send } from './client.mjs'
import { envelope } from './stack.mjs'

export const health = (server, timeoutMs = 15_000) => send(`${server.url}/health`, { method: 'GET', timeoutMs, fresh: true })

/** Sends a turn every 250 ms until one ends with `done`; resolves the ms it took, or null at `withinMs`. */
export async function recovery(server, user, withinMs = 20_000) {
  const start = performance.now()
  while (performance.now() - start < withinMs) {
    const result = await postMessage(server.url, { signed_context: envelope(user), message: 'are you back?' }, { timeoutMs: 5000 })
    if (result.end === 'done') return performance.now() - start
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return null
}

/** `count` turns at once, one user each (`${prefix}-${i}`), each asking for `reply` (`TOKENS:DELAY_MS`). */
export function burst(server, { count, prefix, reply = '4:0', timeoutMs = 20_000, headers }) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => postMessage(server.url, { signed_context: envelope(`${prefix}-${i}`), message: `turn ${i} [[reply:${reply}]]` }, { timeoutMs, headers: headers?.(i) })),
  )
}

/** Records `results` in `tally`; a 500 while a dependency is down is a failed check (503 is the answer). */
export function recordAll(tally, results, phase) {
  for (const result of results) {
    tally.record(result)
    if (result.status === 500 || result.errorCode === 'internal_error') tally.fail(`500 / internal_error while ${phase} (503 expected)`, result.body.slice(0, 80) || result.errorCode)
  }
  const slowest = Math.max(0, ...results.map((r) => r.ms))
  const statuses = {}
  for (const r of results) {
    const key = r.status === 200 ? `200 ${r.end === 'done' ? 'done' : (r.errorCode ?? r.end)}` : r.status ? String(r.status) : r.end
    statuses[key] = (statuses[key] ?? 0) + 1
  }
  tally.note(`${phase}: ${Object.entries(statuses).map(([k, n]) => `${n}× ${k}`).join(', ')}; slowest ${(slowest / 1000).toFixed(1)} s`)
  return slowest
}
