import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateAppKey } from 'chatbot-kit'
import { assertBuilt, cleanEnv, moduleLogger, SERVE_URL_LINE, start, stop, tempProject } from './cli.js'

// What `chatbot serve` does not load before it is healthy (docs/performance.md, "Release 1.2
// ([7/7])"): OpenTelemetry's API is in the kernel's bundle, Standard Webhooks loads with the first
// handoff event and unstorage's copy for attachments with the first file. Each was milliseconds
// of every start; checked on the build, with a module hook that logs each file Node loads.
const NOT_AT_START = ['/node_modules/@opentelemetry/', '/node_modules/standardwebhooks/', '/node_modules/unstorage/']

describe('chatbot serve start-up', () => {
  it('is healthy without OpenTelemetry’s package files, Standard Webhooks or unstorage', { timeout: 120_000 }, async () => {
    assertBuilt()
    const dir = tempProject()
    const log = join(dir, 'modules.log')
    const env = cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_DATABASE_URL: join(dir, 'chatbot.sqlite'), NODE_OPTIONS: `--import ${moduleLogger(dir, log)}` })
    const server = await start(['serve', '--port', '0'], dir, env, SERVE_URL_LINE)
    try {
      expect((await fetch(`${server.match[1]}/chatbot/health`)).status).toBe(200)
      const loaded = readFileSync(log, 'utf8').split('\n').filter(Boolean)
      // The log works: the kernel's bundle is in it.
      expect(loaded.some((file) => file.endsWith('/packages/kernel/dist/kernel.js'))).toBe(true)
      expect(loaded.filter((file) => NOT_AT_START.some((folder) => file.includes(folder)))).toEqual([])
    } finally {
      await stop(server.child)
    }
  })
})
