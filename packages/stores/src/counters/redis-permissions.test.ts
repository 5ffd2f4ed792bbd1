import { randomUUID } from 'node:crypto'
import { createRedisAclUser, type RedisAclUser } from '@chatbot-kit/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { StoresError } from '../error.js'
import { createCounterStore } from './create-counter-store.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL
const base = `chatbot-test:permissions:${randomUUID()}`
const quiet = { warn: () => {}, info: () => {} }

/** What start-up throws for `url`, checked to be a config error naming `storage`. */
async function refusal(url: string): Promise<string> {
  const error = await createCounterStore(url, { base, logger: quiet }).then(
    async (store) => (await store.close(), undefined),
    (caught: unknown) => caught,
  )
  expect(StoresError.isInstance(error)).toBe(true)
  expect((error as StoresError).details).toMatchObject({ kind: 'config', key: 'storage' })
  return (error as Error).message
}

describe.skipIf(!redisUrl)(redisUrl ? 'Redis counters under an ACL user' : 'skipped: CHATBOT_TEST_REDIS_URL not set', () => {
  const users: RedisAclUser[] = []
  const user = async (rules: string[], password?: string) => {
    const created = await createRedisAclUser(redisUrl!, { rules, password })
    users.push(created)
    return created
  }
  afterEach(async () => {
    await Promise.all(users.splice(0).map((created) => created.delete()))
  })

  it('refuses to start without scripting, naming EVAL and what to grant, without the password', async () => {
    const noScript = await user(['~*', '+@all', '-@scripting'], 'pw-not-printed')
    const message = await refusal(noScript.url)
    expect(message).toMatch(/may not run EVAL.*grant \+@scripting \(or \+eval\)/)
    expect(message).not.toContain('pw-not-printed')
  })

  it('names a command the scripts run that the user may not run', async () => {
    const noIncrby = await user(['~*', '+@all', '-incrby'])
    expect(await refusal(noIncrby.url)).toMatch(/may not run INCRBY on the counters' keys .*grant \+incrby/)
  })

  it('names a key pattern that leaves the counters\' keys out', async () => {
    const otherKeys = await user(['~someone-else:*', '+@all'])
    expect(await refusal(otherKeys.url)).toContain(`may not access the counters' keys; grant a key pattern covering them, e.g. ~${base}:*`)
  })

  it('starts and counts with every permission, and health turns down with the reason once scripting is taken away', async () => {
    const full = await user(['~*', '+@all'])
    const store = await createCounterStore(full.url, { base, logger: quiet })
    try {
      expect(await store.increment('permitted', 1, 60)).toBe(1)
      await store.ping()
      await full.change(['-@scripting'])
      await expect(store.ping()).rejects.toMatchObject({ details: { kind: 'counters_unavailable' }, message: expect.stringMatching(/may not run EVAL/) })
      await expect(store.increment('permitted', 1, 60)).rejects.toThrow(/lacks a permission the counters need \(ACL\)/)
    } finally {
      await store.close()
    }
  })

  it('takes a password with an unencoded @ and :', async () => {
    const odd = await user(['~*', '+@all'], 'p@ss:w0rd')
    const url = new URL(odd.url)
    const store = await createCounterStore(`redis://${url.username}:p@ss:w0rd@${url.host}`, { base, logger: quiet })
    try {
      expect(await store.increment('odd-password', 1, 60)).toBe(1)
    } finally {
      await store.close()
    }
  })
})

describe('a Redis URL that does not parse', () => {
  it.each(['redis://:pa/ss@127.0.0.1:6379', 'redis://:pa#ss@127.0.0.1:6379', 'redis://:pa?ss@127.0.0.1:6379', 'redis://:pa%zz@127.0.0.1:6379'])(
    'stops start-up with config_invalid saying what to encode, never the password (%s)',
    async (url) => {
      const message = await refusal(url)
      expect(message).toMatch(/^Invalid configuration "storage": is not a valid redis:\/\/ URL\. If the password .* percent-encode them/)
      expect(message).not.toMatch(/pa.ss|pa%zz/)
    },
  )
})
