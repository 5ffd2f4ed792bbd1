import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

/** The built widget bundle from `@chatbot-kit/widget`, or undefined when it has not been built. */
export function resolveWidgetFile(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/widget.js')
  } catch {
    return undefined
  }
}

/** The bundle and the gzip and brotli copies its build writes beside it, those that exist: what a server reads. */
export function widgetFiles(file: string): string[] {
  return [file, `${file}.gz`, `${file}.br`].filter((path) => existsSync(path))
}
