import type { EvalRun } from '../run-cases.js'

const ms = (value: number) => Math.round(value)

/** `--reporter json`: the run as one document (its shape is in docs/evals.md). */
export function jsonReport({ results, durationMs }: EvalRun): string {
  const failed = results.filter((result) => !result.passed).length
  const cases = results.map(({ case: evalCase, channel, passed, failures, durationMs: caseMs, turn }) => ({
    name: evalCase.title,
    file: evalCase.file,
    index: evalCase.index,
    channel,
    question: evalCase.question,
    passed,
    durationMs: ms(caseMs),
    failures,
    reply: turn.reply,
    sources: turn.sources.map(({ id, title, url, score }) => ({ id, title, url, score })),
    citations: turn.citations,
    tools: turn.tools,
    gap: turn.gap,
    error: turn.error ?? null,
  }))
  return `${JSON.stringify({ total: results.length, passed: results.length - failed, failed, durationMs: ms(durationMs), cases }, null, 2)}\n`
}
