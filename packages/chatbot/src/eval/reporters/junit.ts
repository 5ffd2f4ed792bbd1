import { escapeHtml } from '@chatbot-kit/kernel'
import type { EvalRun } from '../run-cases.js'

/**
 * Text for an attribute or element: the five specials escaped, and the characters XML 1.0 cannot
 * carry dropped, lone surrogates included (with `u`, `\p{Cs}` matches only an unpaired half).
 */
// eslint-disable-next-line no-control-regex -- those characters are what it matches
const escapeXml = (text: string) => escapeHtml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu, ''))


const seconds = (ms: number) => (ms / 1000).toFixed(3)

/** `--reporter junit`: one `testsuite` of one `testcase` per case, a `failure` with its message for each failed one. */
export function junitReport({ results, durationMs }: EvalRun): string {
  const failed = results.filter((result) => !result.passed).length
  const cases = results.map(({ case: evalCase, passed, failures, durationMs: caseMs }) => {
    const open = `    <testcase name="${escapeXml(evalCase.title)}" classname="${escapeXml(evalCase.file)}" time="${seconds(caseMs)}"`
    if (passed) return `${open}/>`
    return `${open}>\n      <failure message="${escapeXml(failures[0]!)}" type="expectation">${escapeXml(failures.join('\n'))}</failure>\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="chatbot eval" tests="${results.length}" failures="${failed}" errors="0" time="${seconds(durationMs)}">`,
    `  <testsuite name="chatbot eval" tests="${results.length}" failures="${failed}" errors="0" skipped="0" time="${seconds(durationMs)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
