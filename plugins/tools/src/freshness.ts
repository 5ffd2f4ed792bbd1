import type { ToolInvocation } from './types.js'

/**
 * `tools.replayFreshness`: an invocation may be replayed into history for that many seconds
 * after it finished. One that never finished is never fresh. The spec leaves replay unwired;
 * this is the rule a replay would apply.
 */
export function isFresh(invocation: Pick<ToolInvocation, 'finishedAt'>, now: Date, freshnessSeconds: number): boolean {
  if (invocation.finishedAt === null) return false
  const age = now.getTime() - Date.parse(invocation.finishedAt)
  return age >= 0 && age <= freshnessSeconds * 1000
}
