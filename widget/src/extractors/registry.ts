export interface ExtractorContext {
  /** The channel the widget talks to. */
  channel: string
  /** The user message about to be sent. */
  message: string
}

/** Produces one named block of page context; `null`/`undefined` sends nothing. */
export type ClientExtractor = (context: ExtractorContext) => string | null | undefined | Promise<string | null | undefined>

/** Per-extractor limits; the envelope's limits still apply, the stricter one wins. */
export interface ExtractorOptions {
  timeoutMs?: number
  sizeCapBytes?: number
}

export interface RegisteredExtractor {
  run: ClientExtractor
  options: ExtractorOptions
}

export type ExtractorRegistry = ReturnType<typeof createExtractorRegistry>

export function createExtractorRegistry() {
  const entries = new Map<string, RegisteredExtractor>()
  return {
    /** Registering a name again replaces the earlier extractor. */
    register(name: string, run: ClientExtractor, options: ExtractorOptions = {}): void {
      if (!name || typeof name !== 'string' || typeof run !== 'function') {
        throw new TypeError('registerClientExtractor(name, fn): expected a name and a function')
      }
      entries.set(name, { run, options: { ...options } })
    },
    get(name: string): RegisteredExtractor | undefined {
      return entries.get(name)
    },
  }
}
