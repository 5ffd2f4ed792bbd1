import type { CompletionAccumulator } from './completion-accumulator.js'
import { cutFailure } from './failures.js'
import { createSseDecoder } from './sse-decoder.js'
import type { CompletionBody } from './transport.js'
import type { StreamResult } from './types.js'

/**
 * Reads a streamed chat completion body to its end into `accumulator` (the caller keeps it, to
 * tell a failure before the first delta from one after). Every event of a network chunk is parsed
 * and delivered synchronously, with no stream layer or promise per token.
 */
export async function readCompletion(body: CompletionBody, accumulator: CompletionAccumulator, signal: AbortSignal): Promise<StreamResult> {
  const decoder = createSseDecoder(accumulator.data)
  let stopped = false
  let failed = false
  let failure: unknown
  // A malformed event, or a `turn:chunk` listener that stopped the turn, ends the reading.
  // `bytes` is a network chunk, or `undefined` for the end of the body (no closure per chunk).
  const handle = (bytes: Uint8Array | undefined): boolean => {
    try {
      stopped = bytes === undefined ? decoder.end() : decoder.push(bytes)
    } catch (error) {
      failed = true
      failure = error
    }
    // `onText` may have aborted the turn (a quota hit, a closed browser tab).
    return stopped || failed || signal.aborted
  }

  try {
    await body.read(handle)
  } catch (error) {
    body.cancel()
    if (signal.aborted) throw signal.reason
    // Lost after the finish reason, only the usage chunk is missing: the reply is whole.
    if (accumulator.complete()) return accumulator.result()
    throw cutFailure(error)
  }
  if (!stopped && !failed && !signal.aborted) handle(undefined)
  if (failed || signal.aborted) {
    // Closes the upstream connection; text already delivered stays delivered.
    body.cancel()
    throw failed ? failure : signal.reason
  }
  return accumulator.result()
}
