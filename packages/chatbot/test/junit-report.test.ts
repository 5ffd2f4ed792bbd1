import { describe, expect, it } from 'vitest'
import { junitReport } from '../src/eval/reporters/junit.js'
import type { CaseResult } from '../src/eval/run-cases.js'
import { parseXml } from './junit-structure.js'

// A title or a failure may quote what a user or a model wrote; XML 1.0 cannot carry every UTF-16 string.
describe('junitReport', () => {
  it('drops what XML 1.0 cannot carry (controls, lone surrogates) and keeps paired ones', () => {
    const title = 'half \uD83D pair 😀 bell \u0007 end \uDE00'
    const result = { case: { title, file: 'cases/a.yaml', index: 0, question: 'q', expect: {} }, channel: 'default', passed: false, failures: [`reply was "\uD800${title}"`], durationMs: 12 } as unknown as CaseResult
    const xml = junitReport({ results: [result], durationMs: 20 })
    expect(/\p{Cs}/u.test(xml)).toBe(false)
    const testcase = parseXml(xml).children[0]!.children[0]!
    expect(testcase.attributes.name).toBe('half  pair 😀 bell  end ')
    expect(testcase.children[0]!.text).toBe('reply was "half  pair 😀 bell  end "')
  })
})
