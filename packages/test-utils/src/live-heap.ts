import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | undefined

/**
 * The heap in use after a full collection: what is alive. For tests that a long-lived object
 * does not keep something big (compare two readings, with margins far from the sizes involved).
 */
export function liveHeapBytes(): number {
  if (!gc) {
    // `gc` without starting the test runner with --expose-gc: the flag applies to new contexts.
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
  }
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
