import { afterEach, expect, it, vi } from 'vitest'
import { createMemoryCounterStore } from '@chatbot-kit/stores'
import type { KernelRuntime } from '../runtime.js'
import { createConversation, createDatabase, insertMessage, migrate } from '../storage/index.js'
import { claimRetry } from './retry-claim.js'

afterEach(() => {
  vi.useRealTimers()
})

async function setUp() {
  const database = await createDatabase(':memory:')
  await migrate(database.db)
  const conversation = await createConversation(database.db, { channel: 'default', owner: { userId: 'u' }, routeName: 'r' })
  const message = await insertMessage(database.db, { conversationId: conversation.id, role: 'user', content: 'q', routeName: 'r', contextHash: null, tokenCount: 1 })
  const runtime = { db: database.db, counters: createMemoryCounterStore(), logger: { warn: () => undefined } } as unknown as KernelRuntime
  return { runtime, message, close: () => Promise.all([database.close(), runtime.counters.close()]) }
}

it('holds a retry claim for as long as the turn runs, then lets the next retry claim', async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
  const { runtime, message, close } = await setUp()
  const release = await claimRetry(runtime, message)
  // Far past the claim's own 30 s: its renewals keep it.
  for (let second = 0; second < 120; second += 5) await vi.advanceTimersByTimeAsync(5000)
  await expect(claimRetry(runtime, message)).rejects.toMatchObject({ status: 409 })
  await release()
  const again = await claimRetry(runtime, message)
  await again()
  await close()
})

it('lapses 30 s after its process stopped renewing it', async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
  const { runtime, message, close } = await setUp()
  await claimRetry(runtime, message)
  // A crashed process renews nothing: here, no renewal timer fires.
  vi.clearAllTimers()
  vi.setSystemTime(Date.now() + 31_000)
  const next = await claimRetry(runtime, message)
  await next()
  await close()
})
