import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src', import.meta.url))

/** Every source file of the kernel (tests left out). */
function sources(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** What a file imports: `from '…'` and `import('…')`, type-only imports included. */
const specifiers = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!)

const graph = new Map(
  sources().map((file) => [
    file,
    specifiers(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))),
  ]),
)

/** A circle of imports, as the files in it, or undefined (depth-first search, three colours). */
function findCircle(): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined
    if (state.get(file) === 'open') return path.slice(path.indexOf(file))
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next)
      if (circle) return circle
    }
    path.pop()
    state.set(file, 'done')
    return undefined
  }
  for (const file of graph.keys()) {
    const circle = visit(file)
    if (circle) return circle.map((member) => relative(SRC, member))
  }
  return undefined
}

describe("the kernel's imports", () => {
  it('form no circle, type-only imports included', () => {
    expect(findCircle()).toBeUndefined()
  })

  it('name no plugin package and no package of chatbot-kit', () => {
    const outside = [...graph.keys()].flatMap((file) => specifiers(file).filter((specifier) => /^@chatbot-kit\/|^chatbot-kit/.test(specifier)).map((specifier) => `${relative(SRC, file)} → ${specifier}`))
    expect(outside).toEqual([])
  })
})
