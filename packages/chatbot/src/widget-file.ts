import { createRequire } from 'node:module'

/** The built widget bundle from `@chatbot-kit/widget`, or undefined when it has not been built. */
export function resolveWidgetFile(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/widget.js')
  } catch {
    return undefined
  }
}
