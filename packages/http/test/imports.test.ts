import { fileURLToPath } from 'node:url'
import { importsOutside, sourceFiles } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src', import.meta.url))

describe("the HTTP blocks' imports", () => {
  it('are their own files, Node and h3: nothing of a chatbot', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(5)
    expect(importsOutside(SRC, /^h3$/)).toEqual([])
  })
})
