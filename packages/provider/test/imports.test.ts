import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importSpecifiers, sourceFiles } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src', import.meta.url))

describe("the provider client's imports", () => {
  it('are its own files, Node and ofetch: no kernel, no other package of chatbot-kit', () => {
    const files = sourceFiles(SRC)
    expect(files.length).toBeGreaterThan(10)
    const outside = files.flatMap((file) =>
      importSpecifiers(file)
        // Package names only: the scan also meets `'data:'` in a comment.
        .filter((specifier) => /^(@[\w-]+\/)?\w[\w.-]*(\/|$)/.test(specifier) && specifier !== 'ofetch')
        .map((specifier) => `${relative(SRC, file)} → ${specifier}`),
    )
    expect(outside).toEqual([])
  })
})
