import { createCompletionAccumulator } from './completion-accumulator.js'
import { cutFailure } from './failures.js'
import { createSseDecoder } from './sse-decoder.js'
import type { StreamResult, TextDeltaHandler } from './types.js'

/**
 * Reads a streamed chat completion body to its end. One `read()` per network chunk; every
 * event in it is parsed and delivered synchronously, with no stream layer or promise per token.
 */
export async function readCompletion(
  body: ReadableStream<Uint8Array>,
  onText: TextDeltaHandler,
  signal: AbortSignal,
): Promise<StreamResult> {
  const accumulator = createCompletionAccumulator(onText)
  const decoder = createSseDecoder(accumulator.data)
  const reader = body.getReader()
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch (error) {
        if (signal.aborted) throw signal.reason
        // Lost after the finish reason, only the usage chunk is missing: the reply is whole.
        if (accumulator.complete()) break
        throw cutFailure(error)
      }
      const stop = chunk.done ? decoder.end() : decoder.push(chunk.value)
      // `onText` may have aborted the turn (a quota hit, a closed browser tab).
      if (signal.aborted) throw signal.reason
      if (stop || chunk.done) break
    }
    return accumulator.result()
  } catch (error) {
    // Closes the upstream connection; text already delivered stays delivered.
    reader.cancel().catch(() => {})
    throw error
  }
}
