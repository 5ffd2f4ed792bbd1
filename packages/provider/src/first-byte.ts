import { firstByteFailure, silence } from './failures.js'
import type { CompletionBody } from './transport.js'

/** One request's wait for the provider's first byte. */
export interface FirstByteWait {
  /** The turn's signal, also aborted (with a `firstByteFailure`) when the wait runs out. */
  signal: AbortSignal
  /** Whether any byte of the body came. */
  readonly answered: boolean
  /** What the provider did until now, for a log line: nothing, or its headers only. */
  silence(): string
  /** The response's status came (its headers): the wait goes on until the body's first byte. */
  responded(status: number): void
  /** `body`, ending the wait at its first chunk. */
  watch(body: CompletionBody): CompletionBody
  /** Stops the timer and lets go of the turn's signal. */
  end(): void
}

/**
 * Bounds the wait for the first byte of an answer apart from `streamDuration`: a provider that
 * takes the connection and never answers (or answers its headers and stalls) fails after
 * `timeoutMs` with `provider_unavailable`, naming `host`. Without `timeoutMs`, only the turn's
 * signal ends the wait. The timer is gone once a byte came: nothing of it runs per token.
 */
export function waitForFirstByte(turnSignal: AbortSignal, host: string, timeoutMs: number | undefined): FirstByteWait {
  const controller = new AbortController()
  const forward = () => controller.abort(turnSignal.reason)
  if (turnSignal.aborted) forward()
  else turnSignal.addEventListener('abort', forward, { once: true })
  const sentAt = performance.now()
  let status: number | undefined
  let answered = false
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(firstByteFailure(host, timeoutMs / 1000, status)), timeoutMs)
  timer?.unref()
  const arrived = () => {
    answered = true
    clearTimeout(timer)
  }
  return {
    signal: controller.signal,
    get answered() {
      return answered
    },
    silence: () => silence(host, Math.round((performance.now() - sentAt) / 1000), status),
    responded(code) {
      status = code
    },
    watch: (body) => ({
      read: (onChunk) =>
        body.read((bytes) => {
          if (!answered) arrived()
          return onChunk(bytes)
        }),
      cancel: () => body.cancel(),
    }),
    end() {
      clearTimeout(timer)
      turnSignal.removeEventListener('abort', forward)
    },
  }
}
