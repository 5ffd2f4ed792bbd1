import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importSpecifiers, sourceFiles } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src', import.meta.url))
// Kysely and unstorage, and the drivers they connect through (optional peers, imported lazily).
const ALLOWED = /^(kysely|unstorage(\/.*)?|ioredis|pg|better-sqlite3)$/

describe("the stores' imports", () => {
  it('are their own files, Node, Kysely, unstorage and the drivers: no kernel, no other package of chatbot-kit', () => {
    const files = sourceFiles(SRC)
    expect(files.length).toBeGreaterThan(20)
    const outside = files.flatMap((file) =>
      importSpecifiers(file)
        .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:') && !ALLOWED.test(specifier))
        .map((specifier) => `${relative(SRC, file)} → ${specifier}`),
    )
    expect(outside).toEqual([])
  })
})
