import type { EvalCaseInput, EvalExpectations } from './case.js'

/** One thing wrong with a case: its field (`expect.sources[1]`) and what. */
export interface CaseProblem {
  field: string
  problem: string
}

type Check = (value: unknown) => string | undefined

const isString: Check = (value) => (typeof value === 'string' ? undefined : `expected a string, got ${typeName(value)}`)
const isText: Check = (value) => isString(value) ?? ((value as string).trim() === '' ? 'expected a non-empty string' : undefined)
const isBoolean: Check = (value) => (typeof value === 'boolean' ? undefined : `expected true or false, got ${typeName(value)}`)

const STRING_LISTS = ['sources', 'contains', 'notContains', 'tools'] as const
const FLAGS = ['cites', 'gap'] as const
const EXPECT_KEYS: ReadonlySet<string> = new Set<keyof EvalExpectations>([...STRING_LISTS, ...FLAGS])
const CASE_KEYS: ReadonlySet<string> = new Set<keyof EvalCaseInput>(['name', 'question', 'channel', 'user', 'expect'])

/** Every problem of one case (none: it is an `EvalCaseInput`). Unknown keys are problems, so a typo never passes silently. */
export function caseProblems(value: unknown): CaseProblem[] {
  if (!isObject(value)) return [{ field: '(case)', problem: `expected an object with a question, got ${typeName(value)}` }]
  const problems: CaseProblem[] = []
  const check = (field: string, fieldValue: unknown, test: Check) => {
    const problem = test(fieldValue)
    if (problem) problems.push({ field, problem })
  }
  for (const key of Object.keys(value)) if (!CASE_KEYS.has(key)) problems.push({ field: key, problem: 'unknown field (a case has name, question, channel, user, expect)' })
  if (value.question === undefined) problems.push({ field: 'question', problem: 'missing' })
  else check('question', value.question, isText)
  for (const key of ['name', 'channel', 'user'] as const) if (value[key] !== undefined) check(key, value[key], isText)
  if (value.expect === undefined) problems.push({ field: 'expect', problem: 'missing (a case needs at least one expectation)' })
  else if (!isObject(value.expect)) problems.push({ field: 'expect', problem: `expected an object, got ${typeName(value.expect)}` })
  else problems.push(...expectProblems(value.expect))
  return problems
}

function expectProblems(expect: Record<string, unknown>): CaseProblem[] {
  const problems: CaseProblem[] = []
  const keys = Object.keys(expect)
  if (keys.length === 0) problems.push({ field: 'expect', problem: 'empty (a case needs at least one expectation)' })
  for (const key of keys) if (!EXPECT_KEYS.has(key)) problems.push({ field: `expect.${key}`, problem: `unknown expectation (known: ${[...EXPECT_KEYS].join(', ')})` })
  for (const key of FLAGS) {
    const problem = expect[key] === undefined ? undefined : isBoolean(expect[key])
    if (problem) problems.push({ field: `expect.${key}`, problem })
  }
  for (const key of STRING_LISTS) {
    const list = expect[key]
    if (list === undefined) continue
    if (!Array.isArray(list)) problems.push({ field: `expect.${key}`, problem: `expected a list of strings, got ${typeName(list)}` })
    else
      list.forEach((item, index) => {
        const problem = isText(item)
        if (problem) problems.push({ field: `expect.${key}[${index}]`, problem })
      })
  }
  return problems
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`
}
