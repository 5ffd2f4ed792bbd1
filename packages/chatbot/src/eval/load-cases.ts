import { readdir, readFile, stat } from 'node:fs/promises'
import { extname, join, relative, resolve } from 'node:path'
import { parse } from 'yaml'
import type { EvalCase, EvalCaseInput } from './case.js'
import { caseProblems } from './validate.js'

const CASE_FILE = /\.(ya?ml|json)$/i

/** A case file that cannot be run as written: every problem found, each naming file, case and field. */
export class EvalCasesInvalidError extends Error {
  constructor(readonly problems: string[]) {
    super(`The cases are not valid; no case ran:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
    this.name = 'EvalCasesInvalidError'
  }
}

/** How a problem names its case: `evals/help.yaml: case 2 "Refunds"` (from 1; the name when it has one). */
export function caseWhere(file: string, index: number, name: unknown): string {
  return `${file}: case ${index + 1}${typeof name === 'string' ? ` "${name}"` : ''}`
}

/**
 * Reads every case of `path` (a case file, or a folder read recursively for `.yaml`, `.yml` and
 * `.json` files, in name order) and checks them all before any runs: the first problem does not
 * hide the others, and one bad file stops the whole run (`EvalCasesInvalidError`).
 */
export async function loadCases(path: string, cwd: string): Promise<EvalCase[]> {
  const files = await caseFiles(resolve(cwd, path), path)
  const problems: string[] = []
  const cases: EvalCase[] = []
  for (const file of files) {
    const inside = relative(cwd, file)
    const shown = inside && !inside.startsWith('..') ? inside : file
    const parsed = await parseFile(file)
    if ('problem' in parsed) {
      problems.push(`${shown}: ${parsed.problem}`)
      continue
    }
    parsed.list.forEach((value, index) => {
      const where = caseWhere(shown, index, (value as { name?: unknown } | null)?.name)
      for (const { field, problem } of caseProblems(value)) problems.push(`${where}: ${field}: ${problem}`)
      const input = value as EvalCaseInput
      cases.push({ ...input, file: shown, index, title: input.name ?? input.question })
    })
  }
  if (problems.length > 0) throw new EvalCasesInvalidError(problems)
  if (cases.length === 0) throw new EvalCasesInvalidError([`${path}: no cases`])
  return cases
}

async function caseFiles(absolute: string, given: string): Promise<string[]> {
  const info = await stat(absolute).catch(() => undefined)
  if (!info) throw new EvalCasesInvalidError([`${given}: no such file or folder`])
  if (info.isFile()) return [absolute]
  const entries = await readdir(absolute, { recursive: true, withFileTypes: true })
  const files = entries.filter((entry) => entry.isFile() && CASE_FILE.test(entry.name)).map((entry) => join(entry.parentPath, entry.name))
  if (files.length === 0) throw new EvalCasesInvalidError([`${given}: no .yaml, .yml or .json case files`])
  return files.sort()
}

/** The file's list of cases: the document itself, or its `cases`. */
async function parseFile(file: string): Promise<{ list: unknown[] } | { problem: string }> {
  const text = await readFile(file, 'utf8')
  let document: unknown
  try {
    document = extname(file).toLowerCase() === '.json' ? JSON.parse(text) : parse(text)
  } catch (error) {
    return { problem: `not valid ${extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]!.replace(/:$/, '')}` }
  }
  if (Array.isArray(document)) return { list: document }
  const cases = (document as { cases?: unknown } | null)?.cases
  if (Array.isArray(cases)) return { list: cases }
  return { problem: 'expected a list of cases, or an object with a `cases` list' }
}
