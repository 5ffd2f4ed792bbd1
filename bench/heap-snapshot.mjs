// Loaded into `chatbot serve` with `node --import` by `run.mjs --heap-snapshot-at N,M` (see
// docs/performance.md, "Running it"). On SIGUSR2 it writes a heap snapshot into
// CHATBOT_BENCH_HEAP_DIR and appends one JSON line to `snapshots.jsonl` there: the process's
// memory just before (garbage included) and just after (V8 collects everything before it
// snapshots, so "after" is the live heap). The load process waits for that line.
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeHeapSnapshot } from 'node:v8'

const dir = process.env.CHATBOT_BENCH_HEAP_DIR

let taken = 0
if (dir) {
  process.on('SIGUSR2', () => {
    const label = readFileSync(join(dir, 'next-label'), 'utf8').trim()
    const before = process.memoryUsage()
    const started = performance.now()
    const file = writeHeapSnapshot(join(dir, `heap-${++taken}-${label}.heapsnapshot`))
    const line = { label, file, ms: Math.round(performance.now() - started), before, after: process.memoryUsage() }
    appendFileSync(join(dir, 'snapshots.jsonl'), `${JSON.stringify(line)}\n`)
  })
}
