import { describe, expect, it } from 'vitest'
import { createDownReporter, REPEAT_DOWN_MS } from './down-reporter.js'

describe('createDownReporter', () => {
  it('warns when a dependency goes down, again at most once a minute while it stays down, and says when it is back', () => {
    const lines: string[] = []
    let clock = 0
    const report = createDownReporter({ warn: (line) => lines.push(`warn ${line}`), info: (line) => lines.push(`info ${line}`) }, () => clock)
    const down = { status: 'down', latency_ms: 1, error: 'failed (ECONNREFUSED)' } as const
    report('counter store', { status: 'ok', latency_ms: 1 })
    for (let probe = 0; probe < 30; probe++, clock += 2_000) report('counter store', down)
    report('database', down)
    clock = REPEAT_DOWN_MS + 1
    report('counter store', down)
    report('counter store', { status: 'ok', latency_ms: 1 })
    report('counter store', { status: 'ok', latency_ms: 1 })
    report('counter store', down)
    expect(lines).toEqual([
      'warn Health check: the counter store is down (failed (ECONNREFUSED)).',
      'warn Health check: the database is down (failed (ECONNREFUSED)).',
      'warn Health check: the counter store is still down (failed (ECONNREFUSED)).',
      'info Health check: the counter store is up again.',
      'warn Health check: the counter store is down (failed (ECONNREFUSED)).',
    ])
  })
})
