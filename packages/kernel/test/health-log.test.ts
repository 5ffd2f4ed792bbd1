import { freePort, silentLogger } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness.js'

describe('health probes while Redis is down', () => {
  let h: Harness
  const warnings: string[] = []

  beforeAll(async () => {
    const logger = silentLogger({ warn: (message: string) => void warnings.push(message) })
    h = await createHarness('in-process', { storage: `redis://127.0.0.1:${await freePort()}` }, { logger })
  })
  afterAll(() => h?.close())

  // Nothing listens on a free port: Redis there refuses every connection.
  it('log one warning for ten probes, not one per probe', async () => {
    for (let probe = 0; probe < 10; probe++) expect((await h.request('/chatbot/health')).status).toBe(503)
    expect(warnings.filter((line) => line.startsWith('Health check:'))).toEqual([expect.stringMatching(/^Health check: the counter store is down \(.+\)\.$/)])
  })
})
