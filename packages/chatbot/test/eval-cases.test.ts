import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { caseProblems } from '../src/eval/validate.js'
import { assertBuilt, DATABASE_TARGETS, run, tempProject } from './cli.js'
import { evalProject, PASSING_CASES } from './eval-project.js'

// Case files that cannot run as written: every problem named (file, case, field), exit 2, and
// not one case run, even the valid ones beside them.

let project: Awaited<ReturnType<typeof evalProject>>
beforeAll(async () => {
  assertBuilt()
  project = await evalProject(DATABASE_TARGETS[0]!)
  mkdirSync(join(project.dir, 'evals'))
  project.write('evals/a-good.yaml', PASSING_CASES)
  project.write('evals/broken.yaml', '- question: [unclosed\n  expect: {\n')
  project.write(
    'evals/cases.json',
    JSON.stringify({
      cases: [
        { name: 'Fine', question: 'Hi', expect: { contains: ['hello'] } },
        { name: 'No question', expect: { cites: true } },
        { question: 'Typo', expect: { contain: ['x'] } },
        { question: 'Ill-typed', expect: { cites: 'yes', tools: 'order_status', sources: ['ok', 1] } },
        { question: 'Nothing expected', expect: {}, colour: 'blue' },
      ],
    }),
  )
  project.write('evals/object.yaml', 'question: not a list\n')
})
afterAll(() => project?.remove())

describe('chatbot eval on malformed cases', () => {
  it('names every problem by file, case and field, exits 2 and runs no case, so stores nothing even with --store', async () => {
    const before = await project.counts()
    const result = await project.cli('eval', '--store')
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    const problems = result.stderr.split('\n').filter((line) => line.startsWith('  evals/'))
    expect(problems).toEqual([
      expect.stringMatching(/^ {2}evals\/broken\.yaml: not valid YAML: .* at line 2, column 3$/),
      '  evals/cases.json: case 2 "No question": question: missing',
      '  evals/cases.json: case 3: expect.contain: unknown expectation (known: sources, contains, notContains, tools, cites, gap)',
      '  evals/cases.json: case 4: expect.cites: expected true or false, got string "yes"',
      '  evals/cases.json: case 4: expect.sources[1]: expected a string, got number 1',
      '  evals/cases.json: case 4: expect.tools: expected a list of strings, got string "order_status"',
      '  evals/cases.json: case 5: colour: unknown field (a case has name, question, channel, user, expect)',
      '  evals/cases.json: case 5: expect: empty (a case needs at least one expectation)',
      '  evals/object.yaml: expected a list of cases, or an object with a `cases` list',
    ])
    expect(result.stderr).toContain('no case ran')
    expect(await project.counts()).toEqual(before)
  })

  it('has --help, and exits 2 for a path with no cases and for an unknown reporter', async () => {
    const help = await project.cli('eval', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('USAGE')
    expect(help.stdout).toContain('--reporter')
    const missing = await project.cli('eval', 'nowhere')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('nowhere: no such file or folder')
    const reporter = await project.cli('eval', 'evals/a-good.yaml', '--reporter', 'tap')
    expect(reporter.code).toBe(2)
    expect(reporter.stderr).toContain('--reporter must be pretty, json or junit, got "tap"')
  })
})

describe('chatbot eval in a bare folder', () => {
  it('runs with no config, no app key and no database, and leaves nothing behind', async () => {
    const dir = tempProject()
    writeFileSync(join(dir, 'hello.yaml'), '- question: Hello\n  expect: { contains: [demo provider] }\n')
    const result = await run(['eval', 'hello.yaml'], dir)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^✓ Hello \(hello\.yaml#1, \d+ ms\)\n1 passed, 0 failed, 1 case in /)
    expect(readdirSync(dir)).toEqual(['hello.yaml'])
  })
})

describe('caseProblems', () => {
  it('accepts a case with every field set, and refuses what is not a case', () => {
    expect(caseProblems({ name: 'n', question: 'q', channel: 'c', user: 'u', expect: { sources: ['a'], cites: true, contains: ['b'], notContains: ['c'], tools: ['t'], gap: false } })).toEqual([])
    expect(caseProblems('What?')).toEqual([{ field: '(case)', problem: 'expected an object with a question, got string "What?"' }])
    expect(caseProblems({ question: '  ', expect: { gap: true } })).toEqual([{ field: 'question', problem: 'expected a non-empty string' }])
    expect(caseProblems({ question: 'q', expect: [] })).toEqual([{ field: 'expect', problem: 'expected an object, got a list' }])
    expect(caseProblems({ question: 'q' })).toEqual([{ field: 'expect', problem: 'missing (a case needs at least one expectation)' }])
  })
})
