import { randomUUID } from 'node:crypto'
import type { ChatbotConfig } from '@chatbot-kit/kernel'
import { createHarness, type Harness } from '../../../packages/kernel/test/harness.js'
import { throttlePlugin } from '../src/index.js'

const redisUrl = process.env.CHATBOT_TEST_REDIS_URL

/** Every counter test runs on memory and on Redis (skipped, and saying so, without a URL). */
export const COUNTER_STORES = [
  { name: 'memory', storage: 'memory:', skip: false as const },
  { name: 'redis', storage: redisUrl ?? '', skip: redisUrl ? (false as const) : 'skipped: CHATBOT_TEST_REDIS_URL not set' },
]

/** A settable clock, starting mid-minute so a test never straddles a window by accident. */
export function createClock(iso = '2026-11-22T10:15:42.300Z') {
  let now = Date.parse(iso)
  return { now: () => now, set: (to: string) => void (now = Date.parse(to)) }
}

/**
 * Chatbots running the throttle plugin on one counter store, each on its own socket, all sharing
 * a fresh key prefix (so two instances on one Redis share counts, and tests never do).
 */
export function createThrottleServers(storage: string) {
  const prefix = `chatbot-test:throttle:${randomUUID()}`
  const clock = createClock()
  const started: Harness[] = []
  return {
    clock,
    async start(config: ChatbotConfig = {}): Promise<Harness> {
      const harness = await createHarness('socket', { storage, plugins: [throttlePlugin({ prefix, now: clock.now })], ...config })
      started.push(harness)
      return harness
    },
    /** Keys written under this prefix (empty: nothing was counted). */
    keys: () => started[0]!.chatbot.counters.storage.getKeys(prefix),
    async close() {
      await removeKeys(started[0], prefix)
      await Promise.all(started.splice(0).map((harness) => harness.close()))
    },
  }
}

export const missingConversation = '00000000-0000-4000-8000-000000000000'

/** A cheap throttled request: history of an unknown conversation, 404 when let through. */
export function history(harness: Harness, headers: Record<string, string> = {}, channel = 'default'): Promise<Response> {
  const token = harness.envelope({ channel })
  return harness.request(`/chatbot/conversations/${missingConversation}/messages?signed_context=${encodeURIComponent(token)}`, { headers })
}

/** Deletes the keys under `prefix` (unstorage's `clear(base)` skips a driver mounted at the root). */
export async function removeKeys(harness: Harness | undefined, prefix: string): Promise<void> {
  const storage = harness?.chatbot.counters.storage
  if (storage) await Promise.all((await storage.getKeys(prefix)).map((key) => storage.removeItem(key)))
}
