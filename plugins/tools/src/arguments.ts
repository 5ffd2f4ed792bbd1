import { byteLength } from '@chatbot-kit/kernel'
import { ToolCallFailure } from './failure.js'

/** The streamed arguments text as a value; an empty text is an empty object (some providers send `""`). */
export function parseArguments(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/** Refuses any string, at any depth, longer than `maxBytes` UTF-8 bytes, naming its path. */
export function assertArgumentLengths(value: unknown, maxBytes: number, path = 'arguments'): void {
  if (typeof value === 'string') {
    const bytes = byteLength(value)
    if (bytes > maxBytes) throw new ToolCallFailure('argument_too_long', `${path} is ${bytes} bytes, over the limit of ${maxBytes}.`)
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => assertArgumentLengths(item, maxBytes, `${path}[${index}]`))
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) assertArgumentLengths(item, maxBytes, `${path}.${key}`)
  }
}
