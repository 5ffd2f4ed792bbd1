import { randomUUID } from 'node:crypto'
import { ChatbotReplyInProgressException } from '../errors/index.js'
import { listMessages, type StoredMessage } from '../storage/index.js'
import type { KernelRuntime } from '../runtime.js'

/**
 * A retry of a failed message answers it once: concurrent retries (a double click, several tabs,
 * several instances) race for one claim, a lease of 1 in the shared counter store, and the losers
 * get 409 before anything is sent. The claim lapses after the turn's longest life (a crashed
 * process leaves none behind for long) and is released when the turn ends, so a later retry may claim.
 */
export async function claimRetry(runtime: KernelRuntime, message: StoredMessage): Promise<() => Promise<void>> {
  const key = `chatbot:retry:${message.publicId}`
  const leaseId = randomUUID()
  const { streamDuration, shutdownGrace, tools } = runtime.config
  // A lease of its own (not a shared window): it lapses exactly this long after this claim.
  const leaseSeconds = streamDuration + shutdownGrace + tools.maxCallsPerTurn * tools.defaultTimeout + 30
  const { granted } = await runtime.counters.reserve(key, leaseId, 1, 1, { leaseSeconds })
  const release = async () => {
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
