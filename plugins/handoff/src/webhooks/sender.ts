import type { PluginApi } from '@chatbot-kit/kernel'
import type { HandoffWebhook } from '../options.js'
import type { OutboundEvent } from './payload.js'
import { loadWebhook } from './load-webhook.js'

/** Waits before each retry: a receiver that is down for about a minute loses nothing. */
export const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 30_000]
const ATTEMPT_TIMEOUT_MS = 10_000

export interface WebhookSenderOptions {
  logger: PluginApi['logger']
  retryDelaysMs?: readonly number[]
  /** After every retry failed (a time), or once one got through (null): the admin's mark. */
  onOutcome(conversationId: number, failedAt: Date | null): Promise<void>
}

/**
 * Posts events to a helpdesk, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`). Never awaited by a turn: `send` queues. A conversation's events go out
 * one at a time, in order; a receiver that answers anything but 2xx is retried after each delay,
 * then the event is dropped with a log line and the conversation marked for the admin.
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const queues = new Map<number, Promise<void>>()
  // Aborted at shutdown: a wait before a retry ends at once, and the event is dropped as after the last one.
  const closing = new AbortController()
  /** Waits `ms`, or less at shutdown; resolves true when shutting down. */
  const wait = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        closing.signal.removeEventListener('abort', done)
        resolve(closing.signal.aborted)
      }
      const timer = setTimeout(done, closing.signal.aborted ? 0 : ms)
      closing.signal.addEventListener('abort', done)
    })

  const post = async (webhook: HandoffWebhook, event: OutboundEvent): Promise<void> => {
    const Webhook = await loadWebhook()
    const body = JSON.stringify(event)
    const timestamp = new Date()
    const signature = new Webhook(webhook.secret).sign(event.id, timestamp, body)
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': event.id, 'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)), 'webhook-signature': signature },
      body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    })
    await response.body?.cancel()
    if (!response.ok) throw new Error(`the receiver answered ${response.status}`)
  }

  const deliver = async (webhook: HandoffWebhook, conversationId: number, event: OutboundEvent): Promise<void> => {
    let failure: unknown
    let attempts = 0
    for (const delay of [0, ...delays]) {
      if (attempts > 0 && (await wait(delay))) break
      attempts += 1
      try {
        await post(webhook, event)
        return await options.onOutcome(conversationId, null)
      } catch (error) {
        failure = error
      }
    }
    options.logger.warn(`handoff: the webhook ${new URL(webhook.url).origin} did not take event ${event.id} (${event.type}) after ${attempts} attempt${attempts === 1 ? '' : 's'}${closing.signal.aborted ? ' (shutting down)' : ''}; it is dropped.`, failure)
    await options.onOutcome(conversationId, new Date())
  }

  return {
    send(webhook: HandoffWebhook | undefined, conversationId: number, event: OutboundEvent): void {
      if (!webhook) return
      const next = (queues.get(conversationId) ?? Promise.resolve())
        .then(() => deliver(webhook, conversationId, event))
        .catch((error: unknown) => options.logger.warn('handoff: could not record a webhook outcome.', error))
      queues.set(conversationId, next)
      void next.finally(() => {
        if (queues.get(conversationId) === next) queues.delete(conversationId)
      })
    },
    /** Settles once every queued event was delivered or dropped (tests). */
    async settled(): Promise<void> {
      while (queues.size > 0) await Promise.all(queues.values())
    },
    /** Shutdown: no more waits between retries (each event still gets its attempt), then settles. */
    async close(): Promise<void> {
      closing.abort()
      await this.settled()
    },
  }
}

export type WebhookSender = ReturnType<typeof createWebhookSender>
