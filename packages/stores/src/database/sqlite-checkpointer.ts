import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Database } from 'better-sqlite3'

/** SQLite's default: the committing connection checkpoints once the WAL holds this many pages. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000

export interface CheckpointerOptions {
  /** How often the worker checkpoints (default 1 s). */
  intervalMs?: number
  /** How long the connection keeps SQLite's own checkpoints before the worker takes over (default 1 s; keeps it off start-up). */
  delayMs?: number
}

export interface Checkpointer {
  /** Stops the worker (its connection closes); the main connection is left as it is. */
  stop(): void
}

// Runs in the worker, as CommonJS: its own connection to the same file, a passive checkpoint
// per tick. Passive never waits for a lock, so it never holds up a write of the main thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.path, { fileMustExist: true })
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs)
parentPort.postMessage('ready')
parentPort.once('message', () => {
  clearInterval(timer)
  db.close()
  parentPort.close()
})
`

/**
 * Moves WAL checkpoints off the event loop. By default SQLite copies the WAL back into the
 * database file on whichever connection commits the 1,000th page: a synchronous stall of a few
 * ms, at times 200 ms and more, in the middle of a turn. Here the serving connection stops doing
 * that once a worker thread checkpoints the same file every second. If the worker fails, the
 * connection goes back to SQLite's own checkpoints: durability never depends on the worker.
 */
export function startCheckpointer(database: Database, path: string, options: CheckpointerOptions = {}): Checkpointer {
  let worker: Worker | undefined
  let stopped = false
  // Runs once: an 'error' is followed by 'exit'.
  const fallBack = (error: unknown) => {
    if (!worker) return
    worker = undefined
    // After stop() the connection is closing or closed: a worker failing then changes nothing.
    if (stopped || !database.open) return
    database.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`)
    process.emitWarning(`chatbot-kit: the SQLite checkpoint worker stopped (${String(error)}); checkpointing on the main thread again.`)
  }
  const start = () => {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), path, intervalMs: options.intervalMs ?? 1000 },
    })
    worker.unref()
    worker.once('message', () => {
      if (database.open && !stopped) database.pragma('wal_autocheckpoint = 0')
    })
    worker.once('error', fallBack)
    worker.once('exit', (code) => fallBack(`exit code ${code}`))
  }
  const delay = setTimeout(start, options.delayMs ?? 1000)
  delay.unref()

  return {
    stop() {
      stopped = true
      clearTimeout(delay)
      worker?.postMessage('stop')
      worker = undefined
    },
  }
}
