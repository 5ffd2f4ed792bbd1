import type { ReplySource } from './types.js'

const MARKER = /\[(\d{1,4})\]/g

/**
 * `done.citations`: the ids of `sources` the reply cited with `[n]`, in order of first use.
 * Run once on the finished text, not per token: a marker may arrive split across deltas.
 */
export function citedSources(text: string, sources: readonly ReplySource[]): number[] {
  if (sources.length === 0) return []
  const offered = new Set(sources.map((source) => source.id))
  const cited = new Set<number>()
  for (const [, id] of text.matchAll(MARKER)) if (offered.has(Number(id))) cited.add(Number(id))
  return [...cited]
}
