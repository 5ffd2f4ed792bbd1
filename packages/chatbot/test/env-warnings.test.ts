import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { declarationsOf, envWarnings } from '@chatbot-kit/kernel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtinPlugins } from '../src/create.js'
import { assertBuilt, cleanEnv, start, stop, tempProject } from './cli.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

describe('chatbot dev with a misspelled CHATBOT_* variable', () => {
  let server: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    assertBuilt()
    const env = cleanEnv({ CHATBOT_MODLE: 'qwen3:8b', CHATBOT_STREAM_DURATON: '120', CHATBOT_TEST_ANYTHING: '1', CHATBOT_CHROMIUM: '/usr/bin/chromium', CHATBOT_ROUTE_MIDDLEWARE: '' })
    server = await start(['dev', '--port', '0'], tempProject(), env, /dev server: (http:\/\/[\d.]+:\d+)/)
  })
  afterAll(async () => {
    expect(await stop(server.child)).toBe(0)
  })

  it('warns once per name at start, with the closest name chatbot-kit reads, as for a misspelled config key', () => {
    const warned = server.output().split('\n').filter((line) => line.includes('environment variable'))
    expect(warned).toEqual([
      expect.stringContaining('Unknown environment variable "CHATBOT_MODLE" (did you mean "CHATBOT_MODEL"?); it is ignored.'),
      expect.stringContaining('Unknown environment variable "CHATBOT_STREAM_DURATON" (did you mean "CHATBOT_STREAM_DURATION"?); it is ignored.'),
    ])
  })
})

/** Files of the repository that users or its tools read: docs, sources, scripts, CI (not tests, which use made-up names). */
function projectFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist' || name === 'test' || (name.startsWith('.') && name !== '.ci')) return []
    if (statSync(path).isDirectory()) return projectFiles(path)
    return /\.(ts|mjs|js|md|svelte|html|json)$|^run$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : []
  })
}

describe('every CHATBOT_* name the project uses', () => {
  it('is read by a declaration or is one of the tooling names, so none of them is warned about', () => {
    const used = new Set<string>()
    for (const file of ['docs', 'packages', 'plugins', 'widget', 'playground', 'scripts', 'bench', 'chaos', '.ci', 'README.md'].flatMap((entry) => {
      const path = join(ROOT, entry)
      return statSync(path).isDirectory() ? projectFiles(path) : [path]
    })) {
      // Not a prefix (`CHATBOT_TEST_*`, `CHATBOT_THROTTLE_*` in a table).
      for (const [name] of readFileSync(file, 'utf8').matchAll(/\bCHATBOT_[A-Z0-9_]*[A-Z0-9](?![A-Z0-9_*])/g)) used.add(name)
    }
    // Examples: the plugins of docs/plugins.md declare the first two (a plugin's names are known
    // once it is registered); the third is the typo the warning is shown with.
    for (const example of ['CHATBOT_AUDIT_SAMPLE_RATE', 'CHATBOT_HOUSE_RULES', 'CHATBOT_MODLE']) expect(used.delete(example), example).toBe(true)
    expect(used.size).toBeGreaterThan(40)
    const env = Object.fromEntries([...used].map((name) => [name, 'x']))
    expect(envWarnings(env, declarationsOf(builtinPlugins()))).toEqual([])
  })
})
