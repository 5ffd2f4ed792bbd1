import { fileURLToPath } from 'node:url'
import { importsOutside, sourceFiles } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src', import.meta.url))

describe("the provider client's imports", () => {
  it('are its own files, Node and ofetch: no kernel, no other package of chatbot-kit', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(10)
    expect(importsOutside(SRC, /^ofetch$/)).toEqual([])
  })
})
