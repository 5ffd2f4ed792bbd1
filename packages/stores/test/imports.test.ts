import { fileURLToPath } from 'node:url'
import { importsOutside, sourceFiles } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src', import.meta.url))
// Kysely and unstorage, and the drivers they connect through (optional peers, imported lazily).
const ALLOWED = /^(kysely|unstorage(\/.*)?|ioredis|pg|better-sqlite3)$/

describe("the stores' imports", () => {
  it('are their own files, Node, Kysely, unstorage and the drivers: no kernel, no other package of chatbot-kit', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(20)
    expect(importsOutside(SRC, ALLOWED)).toEqual([])
  })
})
