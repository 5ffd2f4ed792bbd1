import { existsSync } from 'node:fs'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, DATABASE_TARGETS, start, stop } from './cli.js'
import { evalProject, PASSING_CASES } from './eval-project.js'

// `chatbot eval`, spawned as users run it, on a project with knowledge and a tool, on each
// dialect: passing cases, the database left as it was (or written with --store), determinism.

beforeAll(() => assertBuilt())

let remove: (() => Promise<void>) | undefined
afterEach(async () => {
  await remove?.()
  remove = undefined
})

/** The json report without its times, which are all that may differ between two runs. */
const timeless = (stdout: string) => {
  const report = JSON.parse(stdout) as { durationMs: number; cases: { durationMs: number }[] }
  return { ...report, durationMs: 0, cases: report.cases.map((evalCase) => ({ ...evalCase, durationMs: 0 })) }
}

describe.each(DATABASE_TARGETS)('chatbot eval on $name', (target) => {
  it.skipIf(target.skip)('runs passing cases through the real turn, stores nothing without --store, and gives the same result twice', async () => {
    const project = await evalProject(target)
    remove = project.remove
    project.write('evals.yaml', PASSING_CASES)
    const before = await project.counts()

    const result = await project.cli('eval', 'evals.yaml')
    expect(result.code, result.stdout + result.stderr).toBe(0)
    const lines = result.stdout.trim().split('\n')
    expect(lines.slice(0, 3)).toEqual([
      expect.stringMatching(/^✓ Return window \(evals\.yaml#1, \d+ ms\)$/),
      expect.stringMatching(/^✓ Nothing answers it \(evals\.yaml#2, \d+ ms\)$/),
      expect.stringMatching(/^✓ What is the status of order 1042\? \(evals\.yaml#3, \d+ ms\)$/),
    ])
    expect(lines[3]).toMatch(/^3 passed, 0 failed, 3 cases in \d+\.\d\d s$/)
    expect(result.stderr).toContain('offline demo provider')
    expect(await project.counts()).toEqual(before)

    const first = await project.cli('eval', 'evals.yaml', '--reporter', 'json')
    const second = await project.cli('eval', 'evals.yaml', '--reporter', 'json')
    expect(first.code).toBe(0)
    expect(timeless(second.stdout)).toEqual(timeless(first.stdout))
    expect(await project.counts()).toEqual(before)

    const stored = await project.cli('eval', 'evals.yaml', '--store')
    expect(stored.code, stored.stderr).toBe(0)
    const after = await project.counts()
    // Three conversations, each a question and its reply; two gaps: the bicycles, and the order
    // question, which nothing in the knowledge answers either (the tool does).
    expect(after).toEqual({ conversations: before.conversations + 3, messages: before.messages + 6, gaps: before.gaps + 2 })
    expect(await project.evalSchemas()).toEqual([])
  })

  it.skipIf(target.skip)('removes the throwaway database when the run is interrupted, and exits 130', async () => {
    const project = await evalProject(target)
    remove = project.remove
    const many = Array.from({ length: 300 }, (_, index) => ({ question: `Question ${index + 1}?`, expect: { notContains: ['never said'] } }))
    project.write('many.json', JSON.stringify(many))
    const run = await start(['eval', 'many.json'], project.dir, project.env, /✓ Question 3\?/)
    const where = /throwaway copy of the database \((.+)\), removed/.exec(run.output())![1]!
    expect(await stop(run.child)).toBe(130)
    expect(run.output()).not.toContain('300 cases')
    if (where.startsWith('schema ')) expect(await project.evalSchemas()).toEqual([])
    else expect(existsSync(where)).toBe(false)
  })
})
