import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'

const require = createRequire(import.meta.url)
/** axe-core's browser build, read once: injected by `evaluate`, which no page CSP can block. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** What both playwright-core's and puppeteer-core's `Page` offer: evaluate an expression in the page. */
export interface EvaluatingPage {
  evaluate(expression: string): Promise<unknown>
}

/** One axe-core violation, reduced to what a failing test should print. */
export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  /** CSS selectors of the offending nodes (`a >> b` where a node is inside a shadow root). */
  targets: string[]
  /** axe's own summary per node: what to fix. */
  summaries: string[]
}

export interface AxeOptions {
  /** Limit the check to this selector (default the whole document, shadow roots included). */
  include?: string
  /** Rule ids to skip, each with a reason in the caller's comment. */
  disableRules?: string[]
}

/**
 * Runs axe-core (WCAG 2.x A and AA, plus best practices) on the page as it is now, open shadow
 * roots included, and returns the violations. Works on playwright-core and puppeteer-core pages,
 * so a suite can run it in Chromium and in Firefox ESR alike.
 */
export async function findAccessibilityViolations(page: EvaluatingPage, options: AxeOptions = {}): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE)
  const args = { include: options.include ?? null, disabled: options.disableRules ?? [] }
  // One expression for both drivers (their function-argument signatures differ); both await a promise.
  return (await page.evaluate(`(${runAxe.toString()})(${JSON.stringify(args)})`)) as AxeViolation[]
}

/** Runs in the page, where `axe` is the injected global. */
function runAxe(args: { include: string | null; disabled: string[] }) {
  type Node = { target: unknown[]; failureSummary?: string }
  type Result = { violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }
  const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } }).axe
  const rules = Object.fromEntries(args.disabled.map((id) => [id, { enabled: false }]))
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
  return axe.run(args.include ?? document, { resultTypes: ['violations'], rules, runOnly: { type: 'tag', values: tags } }).then((result) =>
    result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((node) => node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' >> ')),
      summaries: v.nodes.map((node) => node.failureSummary ?? ''),
    })),
  )
}

/** A readable report of violations for an assertion message; empty when there are none. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.targets.map((t, i) => `  - ${t}\n    ${v.summaries[i]?.replace(/\n/g, '\n    ')}`).join('\n')}`)
    .join('\n')
}
