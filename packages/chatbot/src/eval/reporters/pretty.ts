import type { CaseResult, EvalRun } from '../run-cases.js'

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** One line per case, its failures indented under it: `✓ Return policy (help.yaml#1, 12 ms)`. */
export function prettyLine(result: CaseResult): string {
  const mark = result.passed ? '✓' : '✗'
  const head = `${mark} ${result.case.title} (${result.case.file}#${result.case.index + 1}, ${Math.round(result.durationMs)} ms)`
  return [head, ...result.failures.map((failure) => `    ${failure}`)].join('\n')
}

/** The last line: `3 passed, 1 failed, 4 cases in 0.84 s`. */
export function prettyTotal({ results, durationMs }: EvalRun): string {
  const failed = results.filter((result) => !result.passed).length
  return `${results.length - failed} passed, ${failed} failed, ${results.length} case${results.length === 1 ? '' : 's'} in ${seconds(durationMs)}`
}

/** `--reporter pretty --output F`: what it printed, lines and total, as one text. */
export function prettyReport(run: EvalRun): string {
  return [...run.results.map(prettyLine), prettyTotal(run), ''].join('\n')
}
