import type { Turn } from './types.js'

/**
 * Where a turn's events go once it streams: the SSE writer of an HTTP reply (`EventStream`), or
 * whatever an in-process caller collects them with. `close` ends it once the turn ended.
 */
export interface ReplyOutput {
  /** Writes one complete frame (`id:` and `data:` lines and the blank line that ends it). */
  write(frame: string): void
  close(): void
}

/**
 * Opens the output of `turn` once its prompt is built and the user message stored; `onCancel`
 * is for the output to call if its reader goes away first (the browser left).
 */
export type CreateReplyOutput<O extends ReplyOutput = ReplyOutput> = (turn: Turn, onCancel: () => void) => O
