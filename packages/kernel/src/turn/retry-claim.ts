import { randomUUID } from 'node:crypto'
import { ChatbotReplyInProgressException } from '../errors/index.js'
import { listMessages, type StoredMessage } from '../storage/index.js'
import type { KernelRuntime } from '../runtime.js'

/** How long a claim outlives the last renewal of its process. */
const CLAIM_SECONDS = 30
/** The longest a claim is renewed: longer than any turn's streaming, tools and shutdown grace together. */
const MAX_HELD_MS = 3_600_000

/**
 * A retry of a failed message answers it once: concurrent retries (a double click, several tabs,
 * several instances) race for one claim, a lease of 1 in the shared counter store, and the losers
 * get 409 before anything is sent. The claim is renewed while the turn runs, however long its
 * tools take (up to `MAX_HELD_MS`: a turn stuck past that no longer blocks retries), and lapses
 * `CLAIM_SECONDS` after its process stopped renewing it (a crash leaves none behind for long);
 * it is released when the turn ends, so a later retry may claim.
 */
export async function claimRetry(runtime: KernelRuntime, message: StoredMessage): Promise<() => Promise<void>> {
  const key = `chatbot:retry:${message.publicId}`
  const leaseId = randomUUID()
  const lease = { leaseSeconds: CLAIM_SECONDS }
  const { granted } = await runtime.counters.reserve(key, leaseId, 1, 1, lease)
  const claimedAt = Date.now()
  // Reserving nothing more on the same lease renews it.
  const renewal = setInterval(() => {
    if (Date.now() - claimedAt > MAX_HELD_MS) return clearInterval(renewal)
    runtime.counters.reserve(key, leaseId, 0, 1, { ...lease, atLeast: 0 }).catch((error: unknown) => runtime.logger.warn('Could not renew a retry claim:', error))
  }, (CLAIM_SECONDS * 1000) / 3)
  renewal.unref()
  const release = async () => {
    clearInterval(renewal)
    await runtime.counters.release(key, leaseId).catch((error: unknown) => runtime.logger.warn('Could not release a retry claim:', error))
  }
  // A retry that read the history just before another one stored its reply, and claims just
  // after that one released, must still see the reply: check again under the claim.
  const answered = granted === 1 && (await listMessages(runtime.db, message.conversationId, { limit: 1 }))[0]?.id !== message.id
  if (granted === 0 || answered) {
    await release()
    throw new ChatbotReplyInProgressException()
  }
  return release
}
