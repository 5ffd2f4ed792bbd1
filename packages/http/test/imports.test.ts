import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importSpecifiers, sourceFiles } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src', import.meta.url))

describe("the HTTP blocks' imports", () => {
  it('are their own files, Node and h3: nothing of a chatbot', () => {
    const files = sourceFiles(SRC)
    expect(files.length).toBeGreaterThan(5)
    const outside = files.flatMap((file) =>
      importSpecifiers(file)
        .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:') && specifier !== 'h3')
        .map((specifier) => `${relative(SRC, file)} → ${specifier}`),
    )
    expect(outside).toEqual([])
  })
})
