/** A logger for `createChatbot` that keeps its warnings as lines and drops the rest. */
export function warnings() {
  const lines: string[] = []
  const noop = () => {}
  const logger = { error: noop, warn: (...args: unknown[]) => void lines.push(args.join(' ')), info: noop, success: noop, log: noop, debug: noop } as never
  return { lines, logger }
}
