import { createRedisAclUser, silentLogger, type RedisAclUser } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness.js'

const REDIS_URL = process.env.CHATBOT_TEST_REDIS_URL

describe.skipIf(!REDIS_URL)(REDIS_URL ? 'GET /chatbot/health when the Redis user loses scripting' : 'skipped: CHATBOT_TEST_REDIS_URL not set', () => {
  let user: RedisAclUser
  let h: Harness
  const warnings: string[] = []

  beforeAll(async () => {
    user = await createRedisAclUser(REDIS_URL!, { rules: ['~*', '+@all'] })
    h = await createHarness('in-process', { storage: user.url }, { logger: silentLogger({ warn: (message: string) => void warnings.push(message) }) })
  })
  afterAll(async () => {
    await h?.close()
    await user?.delete()
  })

  it('answers 503 naming the missing permission, and logs it once', async () => {
    expect((await h.request('/chatbot/health')).status).toBe(200)
    await user.change(['-@scripting'])
    const health = await h.request('/chatbot/health')
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ checks: { counters: { status: 'down', error: expect.stringMatching(/the Redis user may not run EVAL.*\+@scripting/) } } })
    expect((await h.request('/chatbot/health')).status).toBe(503)
    expect(warnings).toEqual([expect.stringMatching(/^Health check: the counter store is down \(.*may not run EVAL/)])
  })
})
