import { performance } from 'node:perf_hooks'
import type { Chatbot } from '@chatbot-kit/kernel'
import { channelSources } from '@chatbot-kit/plugin-knowledge'
import type { EvalCase } from './case.js'
import { checkExpectations, type CheckedTurn } from './check.js'
import { observeTurn, openTurnClient } from './observe-turn.js'

/** One case's outcome. */
export interface CaseResult {
  case: EvalCase
  channel: string
  passed: boolean
  /** The expectations it missed, explained (`[]` when it passed). */
  failures: string[]
  durationMs: number
  turn: CheckedTurn
}

/** The whole run. */
export interface EvalRun {
  results: CaseResult[]
  durationMs: number
}

/** The channel a case runs on: its own, else `--channel`, else `default`. */
export const channelOf = (evalCase: EvalCase, channel: string | undefined) => evalCase.channel ?? channel ?? 'default'

/**
 * Runs the cases one after the other, in order (a run on the demo provider is deterministic),
 * each as a new conversation of its own user (`user`, else `eval-<n>`), reporting each result as
 * it comes. Once `signal` aborts, no further case starts.
 */
export async function runCases(chatbot: Chatbot, cases: EvalCase[], channel: string | undefined, onResult: (result: CaseResult) => void, signal?: AbortSignal): Promise<EvalRun> {
  const started = performance.now()
  const client = await openTurnClient(chatbot)
  const knowledgeSources = Object.keys(chatbot.config.knowledge.sources)
  const results: CaseResult[] = []
  for (const [position, evalCase] of cases.entries()) {
    // Interrupted (Ctrl-C): the cases left are not run, rather than failed by the closing chatbot.
    if (signal?.aborted) break
    const caseChannel = channelOf(evalCase, channel)
    const caseStarted = performance.now()
    const observed = await observeTurn(chatbot, client, { question: evalCase.question, channel: caseChannel, user: evalCase.user ?? `eval-${position + 1}` })
    // The knowledge plugin's own rule: a channel that searched and was offered nothing is a gap.
    const searched = channelSources(knowledgeSources, chatbot.settings(caseChannel).knowledge).length > 0
    const turn: CheckedTurn = { ...observed, gap: searched && !observed.error && observed.sources.length === 0 }
    const failures = checkExpectations(evalCase.expect, turn)
    const result: CaseResult = { case: evalCase, channel: caseChannel, passed: failures.length === 0, failures, durationMs: performance.now() - caseStarted, turn }
    results.push(result)
    onResult(result)
  }
  return { results, durationMs: performance.now() - started }
}
