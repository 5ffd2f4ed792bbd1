import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The built widget bundle from `@chatbot-kit/widget`, or undefined when it has not been built. */
export function resolveWidgetFile(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/widget.js')
  } catch {
    return undefined
  }
}

/**
 * The bundle, the modules built beside it (`handoff.js` and `attachments.js`, served by their
 * plugins), and the gzip and brotli copies of each, those that exist: what a server reads.
 */
export function widgetFiles(file: string): string[] {
  return [file, ...['handoff.js', 'attachments.js'].map((name) => join(dirname(file), name))].flatMap((bundle) => [bundle, `${bundle}.gz`, `${bundle}.br`]).filter((path) => existsSync(path))
}
