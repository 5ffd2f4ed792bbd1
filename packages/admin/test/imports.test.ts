import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importSpecifiers, sourceFiles } from '@chatbot-kit/test-utils'

const SRC = fileURLToPath(new URL('../src', import.meta.url))

// The admin package keeps conversations, channels, health and the composition; each plugin brings
// its own procedures (`admin` on the plugin), so this package knows no plugin.
describe("the admin package's imports", () => {
  it('name no plugin package and not chatbot-kit, type-only imports and augmentations included', () => {
    const outside = sourceFiles(SRC).flatMap((file) => {
      const named = [...importSpecifiers(file), ...[...readFileSync(file, 'utf8').matchAll(/declare module\s+'([^']+)'/g)].map((match) => match[1]!)]
      return named.filter((specifier) => /^@chatbot-kit\/plugin-|^chatbot-kit(\/|$)/.test(specifier)).map((specifier) => `${relative(SRC, file)} → ${specifier}`)
    })
    expect(outside).toEqual([])
  })

  it('look up no plugin by name', () => {
    const byName = sourceFiles(SRC).filter((file) => /\.name\s*===\s*['"]/.test(readFileSync(file, 'utf8'))).map((file) => relative(SRC, file))
    expect(byName).toEqual([])
  })
})
