import type { ExtractorLimits } from '../envelope/payload.js'
import type { ExtractorContext, ExtractorOptions, ExtractorRegistry } from './registry.js'
import { cutUtf8 } from './utf8.js'

const TIMED_OUT = Symbol('timed out')

/**
 * Runs, in parallel, every registered extractor the envelope allows, each bounded by its
 * timeout (a late one is skipped) and size cap (cut on a UTF-8 boundary). Names outside the
 * allowlist never run, since the server answers 422 to them. A failing extractor is skipped
 * with a console warning for the host's developers; the message is still sent.
 */
export async function runExtractors(
  allowlist: Record<string, ExtractorLimits>,
  registry: ExtractorRegistry,
  context: ExtractorContext,
): Promise<Record<string, string>> {
  const blocks: Record<string, string> = {}
  await Promise.all(
    Object.entries(allowlist).map(async ([name, allowed]) => {
      const extractor = registry.get(name)
      if (!extractor) return
      const limits = stricter(allowed, extractor.options)
      try {
        const value = await withTimeout(Promise.resolve().then(() => extractor.run(context)), limits.timeoutMs)
        if (value === TIMED_OUT) console.warn(`[chatbot-widget] extractor "${name}" took over ${limits.timeoutMs} ms; skipped`)
        else if (typeof value === 'string') blocks[name] = cutUtf8(value, limits.sizeCapBytes)
      } catch (error) {
        console.warn(`[chatbot-widget] extractor "${name}" failed; skipped`, error)
      }
    }),
  )
  return blocks
}

function stricter(allowed: ExtractorLimits, own: ExtractorOptions): ExtractorLimits {
  return {
    timeoutMs: Math.min(allowed.timeoutMs, positiveOr(own.timeoutMs, Infinity)),
    sizeCapBytes: Math.min(allowed.sizeCapBytes, positiveOr(own.sizeCapBytes, Infinity)),
  }
}

const positiveOr = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && value > 0 ? value : fallback

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
