import type { DemoReply } from './types.js'

/** How a person-like reply streams: a pause to "think", then a word every few tens of ms. */
export const HUMAN_PACE = { firstChunkDelayMs: 450, tokenDelayMs: 35 } as const

/** A tool call is decided faster than prose is written, and its fragments are not read. */
const HUMAN_TOOL_PACE = { firstChunkDelayMs: 300, tokenDelayMs: 15 } as const

/** The reply with the pauses of `pace`; `'instant'` (the default) leaves it untouched. */
export function withPace(reply: DemoReply, pace: 'instant' | 'human' | undefined): DemoReply {
  if (pace !== 'human') return reply
  return { ...(reply.toolCalls?.length ? HUMAN_TOOL_PACE : HUMAN_PACE), ...reply }
}
