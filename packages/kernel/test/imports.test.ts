import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importSpecifiers as specifiers, sourceFiles } from '@chatbot-kit/test-utils'

const SRC = fileURLToPath(new URL('../src', import.meta.url))
const sources = () => sourceFiles(SRC)

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

  it('name no plugin package and no package of chatbot-kit but the provider client, the stores and the HTTP blocks', () => {
    const outside = [...graph.keys()].flatMap((file) => specifiers(file).filter((specifier) => /^@chatbot-kit\/(?!(provider|stores|http)$)|^chatbot-kit/.test(specifier)).map((specifier) => `${relative(SRC, file)} → ${specifier}`))
    expect(outside).toEqual([])
  })

  // The turn runs without an HTTP request (evaluations, handoffs): the body reader and the error
  // mapping sit below both (the SSE writer is a package of its own), so nothing pulls the turn up into http/.
  it.each([
    ['turn', ['http']],
    ['body', ['http', 'turn']],
  ])('from %s/ reach none of %j', (from, forbidden) => {
    const crossing = [...graph.entries()].flatMap(([file, targets]) =>
      relative(SRC, file).startsWith(`${from}/`)
        ? targets.filter((target) => forbidden.some((folder) => relative(SRC, target).startsWith(`${folder}/`))).map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`)
        : [],
    )
    expect(crossing).toEqual([])
  })
})
