import { ChatbotException } from '../errors/index.js'

export interface CheckResult {
  status: 'ok' | 'down'
  latency_ms: number
  /** Only when down: our own short text or a stable code, never a driver's message (it can name hosts). */
  error?: string
}

/**
 * Runs one dependency probe with its own time limit, so a frozen connection answers "down"
 * at the limit instead of holding the health request. The probe is not cancelled: it ends on its
 * own time limit (the database's query timeout, the counter store's command timeout).
 */
export async function runCheck<T>(probe: () => Promise<T>, timeoutMs: number): Promise<{ result: CheckResult; value?: T }> {
  const started = performance.now()
  const latency = () => Math.round(performance.now() - started)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'timeout')))
  try {
    const outcome = await Promise.race([probe().then((value) => ({ value })), timedOut])
    if (outcome === 'timeout') return { result: { status: 'down', latency_ms: latency(), error: `no answer within ${timeoutMs} ms` } }
    return { result: { status: 'ok', latency_ms: latency() }, value: outcome.value }
  } catch (error) {
    return { result: { status: 'down', latency_ms: latency(), error: describe(error) } }
  } finally {
    clearTimeout(timer)
  }
}

/** A typed error's message is written for clients; of anything else, only a code like `ECONNREFUSED`. */
function describe(error: unknown): string {
  if (ChatbotException.isInstance(error)) return error.message
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? `failed (${code})` : 'failed'
}
