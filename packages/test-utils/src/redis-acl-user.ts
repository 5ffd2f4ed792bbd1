import { randomUUID } from 'node:crypto'

export interface RedisAclUser {
  /** The Redis URL with this user and its password (percent-encoded) in it. */
  url: string
  name: string
  /** Adds rules to the user (`ACL SETUSER name …rules`), e.g. `['-@scripting']` to take scripting away. */
  change(rules: string[]): Promise<void>
  /** Deletes the user (`ACL DELUSER`). */
  delete(): Promise<void>
}

/**
 * A user created in the Redis at `redisUrl` with `ACL SETUSER name on >password …rules`, e.g.
 * rules `['~*', '+@all', '-@scripting']` for a user without scripting. The name is unique per
 * call unless given; delete it after the test.
 */
export async function createRedisAclUser(redisUrl: string, options: { rules: string[]; password?: string; name?: string }): Promise<RedisAclUser> {
  const name = options.name ?? `chatbot-test-${randomUUID().slice(0, 8)}`
  const password = options.password ?? randomUUID()
  const { Redis } = await import('ioredis')
  const admin = async (...args: string[]) => {
    const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 })
    try {
      await client.connect()
      await client.call('ACL', ...args)
    } finally {
      client.disconnect()
    }
  }
  await admin('SETUSER', name, 'reset', 'on', `>${password}`, ...options.rules)
  const url = new URL(redisUrl)
  url.username = encodeURIComponent(name)
  url.password = encodeURIComponent(password)
  return { url: url.toString(), name, change: (rules) => admin('SETUSER', name, ...rules), delete: () => admin('DELUSER', name) }
}
