import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listenNode } from '@chatbot-kit/test-utils'
import { assertBuilt, cleanEnv, PLAYGROUND_SECRETS, run } from './cli.js'

// `npx chatbot eval` in playground/ as a user runs it: the shipped cases (playground/evals/) pass
// on the demo provider, so the example in docs/evals.md stays true.
const PLAYGROUND = fileURLToPath(new URL('../../../playground/', import.meta.url))

let dir: string
beforeAll(() => {
  assertBuilt()
  dir = mkdtempSync(join(tmpdir(), 'chatbot-playground-eval-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it("passes the playground's cases on the demo provider and leaves its database unwritten", async () => {
  // A port nothing listens on for the playground's MCP server: `npm run dev` or another test may hold 4319.
  const probe = await listenNode(() => {})
  await probe.close()
  const database = join(dir, 'playground.sqlite')
  const env = cleanEnv({ CHATBOT_DATABASE_URL: database, ...PLAYGROUND_SECRETS, CHATBOT_API_KEY: '', CHATBOT_BASE_URL: '', PLAYGROUND_MCP_PORT: new URL(probe.url).port })
  const result = await run(['eval'], PLAYGROUND, env)
  expect(result.code, result.stdout + result.stderr).toBe(0)
  const lines = result.stdout.trim().split('\n')
  expect(lines.slice(0, -1).every((line) => line.startsWith('✓ '))).toBe(true)
  expect(lines.map((line) => line.replace(/ \(evals\/.*$/, ''))).toEqual([
    '✓ Return policy',
    '✓ Warranty of a hammer',
    '✓ Nothing in the help centre answers it',
    '✓ Order lookup calls order_status',
    "✓ Stock question calls the shop's MCP tool",
    expect.stringMatching(/^5 passed, 0 failed, 5 cases in /),
  ])
  expect(existsSync(database)).toBe(false)
})
