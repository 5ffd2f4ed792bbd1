import type { Route } from './root.js'

/** The procedure each view beyond the core's reads: a plugin's, which a server may not have. */
const VIEW_PROCEDURES: Partial<Record<Route['view'], string>> = {
  feedback: 'feedback.list',
  approvals: 'approvals.list',
  knowledge: 'knowledge.sources',
  gaps: 'knowledge.gaps',
  inbox: 'handoff.list',
}

/** Whether the server has what `view` shows (`procedures`: its `capabilities`). */
export const viewAvailable = (view: Route['view'], procedures: ReadonlySet<string>): boolean => {
  const needed = VIEW_PROCEDURES[view]
  return needed === undefined || procedures.has(needed)
}
