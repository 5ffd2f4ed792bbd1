import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, DATABASE_TARGETS } from './cli.js'
import { evalProject, PASSING_CASES } from './eval-project.js'
import { parseXml } from './junit-structure.js'

// `chatbot eval` with failing cases: exit 1, each failure explained; the json and junit reports,
// on stdout or in a file; --channel. SQLite only: the dialects are eval.test.ts's concern.

const FAILING_CASES = `- name: Wrong page & "quotes" <here>
  question: What is your return policy?
  expect:
    sources: [shipping/tracking]
    contains: [60 days, free of charge]
    notContains: [30 days]
- name: Expects a tool it does not call
  question: What is your return policy?
  expect: { tools: [order_status], gap: true, cites: false }
`

let project: Awaited<ReturnType<typeof evalProject>>
beforeAll(async () => {
  assertBuilt()
  project = await evalProject(DATABASE_TARGETS[0]!)
  project.write('passing.yaml', PASSING_CASES)
  project.write('failing.yaml', FAILING_CASES)
})
afterAll(() => project?.remove())

describe('chatbot eval reports', () => {
  it('exits 1 when a case fails, and says which expectation failed and what the turn did', async () => {
    const result = await project.cli('eval', 'failing.yaml')
    expect(result.code).toBe(1)
    const lines = result.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^✗ Wrong page & "quotes" <here> \(failing\.yaml#1, \d+ ms\)$/)
    expect(lines.slice(1, 5)).toEqual([
      expect.stringMatching(/^ {4}sources: expected one matching "shipping\/tracking", offered "https:\/\/shop\.example\/help\/returns#return-window"/),
      '    contains: the reply does not contain "60 days"',
      '    contains: the reply does not contain "free of charge"',
      '    notContains: the reply contains "30 days"',
    ])
    expect(lines[5]).toMatch(/^✗ Expects a tool it does not call/)
    // In the order a case's expectations are checked: sources, cites, contains, notContains, tools, gap.
    expect(lines.slice(6, 9)).toEqual([
      '    cites: expected no citation, the reply cited [1]',
      '    tools: expected a call of "order_status", called none',
      expect.stringMatching(/^ {4}gap: expected a gap, the turn offered \d+ source\(s\)$/),
    ])
    expect(lines.at(-1)).toMatch(/^0 passed, 2 failed, 2 cases in /)
  })

  it('writes a JUnit report that parses back: a testsuite of testcases with times, failures with their messages', async () => {
    const result = await project.cli('eval', '.', '--reporter', 'junit')
    expect(result.code).toBe(1)
    // The report is the whole of stdout; the case lines went to stderr.
    expect(result.stderr).toMatch(/2 passed|3 passed/)
    const root = parseXml(result.stdout)
    expect(root.name).toBe('testsuites')
    const [suite] = root.children
    expect(suite).toMatchObject({ name: 'testsuite', attributes: { name: 'chatbot eval', tests: '5', failures: '2', errors: '0' } })
    expect(Number(suite!.attributes.time)).toBeGreaterThan(0)
    const cases = suite!.children
    expect(cases.map((element) => [element.name, element.attributes.name, element.attributes.classname])).toEqual([
      ['testcase', 'Wrong page & "quotes" <here>', 'failing.yaml'],
      ['testcase', 'Expects a tool it does not call', 'failing.yaml'],
      ['testcase', 'Return window', 'passing.yaml'],
      ['testcase', 'Nothing answers it', 'passing.yaml'],
      ['testcase', 'What is the status of order 1042?', 'passing.yaml'],
    ])
    for (const element of cases) expect(element.attributes.time).toMatch(/^\d+\.\d{3}$/)
    const failure = cases[0]!.children[0]!
    expect(failure.name).toBe('failure')
    expect(failure.attributes.message).toMatch(/^sources: expected one matching "shipping\/tracking"/)
    expect(failure.text.split('\n')).toHaveLength(4)
    expect(cases[1]!.children[0]!.attributes.message).toBe('cites: expected no citation, the reply cited [1]')
    expect(cases.slice(2).every((element) => element.children.length === 0)).toBe(true)
  })

  it('writes the json report (and the pretty one) to --output, the case lines still on stdout', async () => {
    const result = await project.cli('eval', 'passing.yaml', '--reporter', 'json', '--output', 'report.json')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^✓ Return window/)
    const report = JSON.parse(readFileSync(join(project.dir, 'report.json'), 'utf8'))
    expect(report).toMatchObject({ total: 3, passed: 3, failed: 0 })
    expect(report.cases[0]).toMatchObject({ name: 'Return window', file: 'passing.yaml', index: 0, channel: 'default', passed: true, failures: [], citations: [1], tools: [], gap: false, error: null })
    expect(report.cases[0].sources[0]).toEqual({ id: 1, title: 'Returns and refunds — Return window', url: 'https://shop.example/help/returns#return-window', score: expect.any(Number) })
    expect(report.cases[0].reply).toContain('30 days')
    expect(report.cases[2]).toMatchObject({ tools: ['order_status'], gap: true })

    const pretty = await project.cli('eval', 'passing.yaml', '--output', 'report.txt')
    expect(pretty.code).toBe(0)
    expect(readFileSync(join(project.dir, 'report.txt'), 'utf8').replace(/\d+ ms\)|[\d.]+ s$/gm, '')).toBe(pretty.stdout.replace(/\d+ ms\)|[\d.]+ s$/gm, ''))
  })

  it('runs the cases that name no channel on --channel, and refuses an unknown one before running any', async () => {
    const sales = await project.cli('eval', 'passing.yaml', '--channel', 'sales', '--reporter', 'json')
    expect(sales.code).toBe(1)
    const report = JSON.parse(sales.stdout)
    // Sales searches no knowledge and offers no tool: no sources, no gap, no call.
    expect(report.cases.map((evalCase: { channel: string; passed: boolean; gap: boolean }) => [evalCase.channel, evalCase.passed, evalCase.gap])).toEqual([
      ['sales', false, false],
      ['sales', false, false],
      ['sales', false, false],
    ])
    expect(report.cases[1].failures).toEqual(['gap: expected a gap, the turn offered 0 source(s)'])
    expect(report.cases[2].failures).toEqual(['tools: expected a call of "order_status", called none'])

    const unknown = await project.cli('eval', 'passing.yaml', '--channel', 'nope')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('passing.yaml: case 1 "Return window": channel: no channel is named "nope" (configured: default, sales)')
    expect(unknown.stdout).toBe('')
  })
})
