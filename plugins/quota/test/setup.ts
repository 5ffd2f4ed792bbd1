import { randomUUID } from 'node:crypto'
import { createDatabase, type ChatbotConfig } from '@chatbot-kit/kernel'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { quotaPlugin, type QuotaPluginOptions } from '../src/index.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL
const postgresUrl = process.env.CHATBOT_TEST_POSTGRES_URL

/** Every counter test runs on memory and on Redis (skipped, and saying so, without a URL). */
export const COUNTER_STORES = [
  { name: 'memory', storage: 'memory:', shared: false, skip: false as const },
  { name: 'redis', storage: redisUrl ?? '', shared: true, skip: redisUrl ? (false as const) : 'skipped: CHATBOT_TEST_REDIS_URL not set' },
]

/** Tests of what is stored run on SQLite (the harness's temp file) and on Postgres. */
export const DATABASES = [
  { name: 'sqlite', postgres: undefined, skip: false as const },
  { name: 'postgres', postgres: postgresUrl, skip: postgresUrl ? (false as const) : 'skipped: CHATBOT_TEST_POSTGRES_URL not set' },
]

export type StreamEvent = Awaited<ReturnType<typeof events>>[number]

/** A settable clock, starting mid-day. */
export function createClock(iso = '2026-11-22T10:15:42.300Z') {
  let now = Date.parse(iso)
  return { now: () => now, set: (to: string) => void (now = Date.parse(to)) }
}

/**
 * Chatbots running the quota plugin on one counter store (and, for Postgres, in a schema of their
 * own), each on its own socket, sharing a fresh key prefix: instances on one Redis share budgets.
 */
export function createQuotaServers(storage: string, postgres?: string) {
  const prefix = `chatbot-test:quota:${randomUUID()}`
  const schema = `chatbot_quota_${randomUUID().replaceAll('-', '')}`
  const clock = createClock()
  const started: Harness[] = []
  let database: string | undefined
  const databaseUrl = async () => {
    if (!postgres || database) return database
    const admin = await createDatabase(postgres)
    await admin.db.schema.createSchema(schema).execute()
    await admin.close()
    const url = new URL(postgres)
    url.searchParams.set('options', `-c search_path=${schema}`)
    return (database = url.toString())
  }
  return {
    clock,
    async start(config: ChatbotConfig = {}, options: QuotaPluginOptions = {}): Promise<Harness> {
      const url = await databaseUrl()
      const plugins = [quotaPlugin({ prefix, now: clock.now, ...options })]
      const harness = await createHarness('socket', { storage, plugins, ...(url ? { database: url } : {}), ...config })
      started.push(harness)
      return harness
    },
    async close() {
      await removeKeys(started[0], prefix)
      await Promise.all(started.splice(0).map((harness) => harness.close()))
      if (!database) return
      const admin = await createDatabase(postgres!)
      await admin.db.schema.dropSchema(schema).cascade().execute()
      await admin.close()
    },
  }
}

/** Sends a message and reads the whole reply. */
export async function turn(h: Harness, message = 'Hello there', claims: Parameters<Harness['envelope']>[0] = {}): Promise<StreamEvent[]> {
  const response = await h.post({ signed_context: h.envelope(claims), message })
  if (response.status !== 200) throw new Error(`Expected a stream, got ${response.status}: ${await response.text()}`)
  return events(response)
}

export const tokensOf = (stream: StreamEvent[]) => stream.filter((event) => event.type === 'token').map((event) => event.content as string)

/** Deletes the keys under `prefix` (unstorage's `clear(base)` skips a driver mounted at the root). */
export async function removeKeys(harness: Harness | undefined, prefix: string): Promise<void> {
  const storage = harness?.chatbot.counters.storage
  if (storage) await Promise.all((await storage.getKeys(prefix)).map((key) => storage.removeItem(key)))
}
