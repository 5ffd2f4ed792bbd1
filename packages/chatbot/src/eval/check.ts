import type { EvalExpectations } from './case.js'
import type { TurnObservation } from './observe-turn.js'

/** A turn as the expectations see it: what it streamed, and whether it was a gap. */
export interface CheckedTurn extends TurnObservation {
  gap: boolean
}

const includes = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase())
const listed = (items: string[]) => (items.length === 0 ? 'none' : items.map((item) => JSON.stringify(item)).join(', '))

/** Each expectation the turn missed, explained: what was expected, and what the turn did. */
export function checkExpectations(expect: EvalExpectations, turn: CheckedTurn): string[] {
  if (turn.error) return [`the turn failed: ${turn.error.message} (${turn.error.code})`]
  const failures: string[] = []
  const offered = turn.sources.map((source) => [source.title, source.url ?? ''].join(' '))
  for (const wanted of expect.sources ?? []) {
    if (!offered.some((source) => includes(source, wanted))) failures.push(`sources: expected one matching ${JSON.stringify(wanted)}, offered ${listed(turn.sources.map((source) => source.url ?? source.title))}`)
  }
  if (expect.cites !== undefined && expect.cites !== turn.citations.length > 0) {
    failures.push(expect.cites ? 'cites: expected the reply to cite a source, it cited none' : `cites: expected no citation, the reply cited ${turn.citations.map((id) => `[${id}]`).join(' ')}`)
  }
  for (const text of expect.contains ?? []) if (!includes(turn.reply, text)) failures.push(`contains: the reply does not contain ${JSON.stringify(text)}`)
  for (const text of expect.notContains ?? []) if (includes(turn.reply, text)) failures.push(`notContains: the reply contains ${JSON.stringify(text)}`)
  for (const tool of expect.tools ?? []) if (!turn.tools.includes(tool)) failures.push(`tools: expected a call of ${JSON.stringify(tool)}, called ${listed(turn.tools)}`)
  if (expect.gap !== undefined && expect.gap !== turn.gap) {
    failures.push(expect.gap ? `gap: expected a gap, the turn offered ${turn.sources.length} source(s)` : 'gap: expected sources, the turn was a gap (nothing scored knowledge.minScore)')
  }
  return failures
}
