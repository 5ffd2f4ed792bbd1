import type { Redis } from 'ioredis'

// A subscriber only listens: without a command now and then, a frozen (half-open) connection
// would go unnoticed, its followers waiting and stop requests lost. A PING lets the client's
// socket timeout find it and reconnect.
const HEARTBEAT_MS = 5000

export interface Subscriptions {
  /** Resolves once Redis confirmed the subscription: later publishes reach `listener`. */
  add(channel: string, listener: (message: string) => void): Promise<void>
  remove(channel: string, listener: (message: string) => void): void
  /**
   * A channel kept across reconnects (the stop channel), `listener` its only listener. Resolves
   * once subscribed, or once the first attempt failed (it is subscribed again when Redis is back).
   */
  keep(channel: string, listener: (message: string) => void): Promise<void>
  close(): void
}

/**
 * The log's one subscriber connection: a channel is subscribed while it has a listener.
 * Messages published while the connection was down are lost, so when it drops, `onLost` hears
 * of it (followers end and resume from what they got) and only the kept channels come back.
 */
export function createSubscriptions(subscriber: Redis, onLost: () => void): Subscriptions {
  const listeners = new Map<string, Set<(message: string) => void>>()
  const subscribing = new Map<string, Promise<unknown>>()
  const kept = new Map<string, (message: string) => void>()
  const heartbeat = setInterval(() => {
    if (subscriber.status === 'ready') subscriber.ping().catch(() => {})
  }, HEARTBEAT_MS)
  heartbeat.unref()

  subscriber.on('message', (channel: string, message: string) => {
    kept.get(channel)?.(message)
    for (const listener of listeners.get(channel) ?? []) listener(message)
  })
  // After a reconnect (on the first connection too: subscribing twice is harmless).
  subscriber.on('ready', () => {
    if (kept.size > 0) subscriber.subscribe(...kept.keys()).catch(() => {})
  })
  subscriber.on('close', () => {
    listeners.clear()
    subscribing.clear()
    onLost()
  })

  return {
    async add(channel, listener) {
      let set = listeners.get(channel)
      if (!set) {
        listeners.set(channel, (set = new Set()))
        subscribing.set(channel, subscriber.subscribe(channel))
      }
      set.add(listener)
      try {
        await subscribing.get(channel)
      } catch (error) {
        this.remove(channel, listener)
        throw error
      }
    },
    remove(channel, listener) {
      const set = listeners.get(channel)
      if (!set?.delete(listener) || set.size > 0) return
      listeners.delete(channel)
      subscribing.delete(channel)
      if (subscriber.status === 'ready' && !kept.has(channel)) subscriber.unsubscribe(channel).catch(() => {})
    },
    async keep(channel, listener) {
      kept.set(channel, listener)
      await subscriber.subscribe(channel).catch(() => {})
    },
    close() {
      clearInterval(heartbeat)
    },
  }
}
