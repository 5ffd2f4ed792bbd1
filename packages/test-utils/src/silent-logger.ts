/** A logger for `createChatbot(…, { logger })` that prints nothing; `overrides` record what a test reads. */
export function silentLogger(overrides: Record<string, unknown> = {}) {
  const noop = () => {}
  return { error: noop, warn: noop, info: noop, success: noop, log: noop, debug: noop, ...overrides } as never
}
