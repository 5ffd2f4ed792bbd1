import type { ExtractorLimits } from '../envelope/payload.js'
import type { ExtractorContext, ExtractorRegistry } from './registry.js'
import { cutUtf8 } from './utf8.js'

/**
 * Runs, in parallel, every registered extractor the envelope allows, each bounded by the
 * stricter of its own and the envelope's timeout (a late one is skipped) and size cap (cut on a
 * UTF-8 boundary). Names outside the allowlist never run: the server answers 422 to them. A
 * failing or late extractor is skipped with a console warning for the host's developers; the
 * message is still sent.
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
      const timeoutMs = Math.min(allowed.timeoutMs, extractor.options.timeoutMs || Infinity)
      const sizeCapBytes = Math.min(allowed.sizeCapBytes, extractor.options.sizeCapBytes || Infinity)
      let timer: ReturnType<typeof setTimeout> | undefined
      try {
        const value = await Promise.race([
          Promise.resolve().then(() => extractor.run(context)),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`over ${timeoutMs} ms`)), timeoutMs)
          }),
        ])
        if (typeof value === 'string') blocks[name] = cutUtf8(value, sizeCapBytes)
      } catch (error) {
        console.warn(`[chatbot-widget] extractor "${name}" skipped:`, error)
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  return blocks
}
