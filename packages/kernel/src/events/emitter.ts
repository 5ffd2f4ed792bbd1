import type { ConsolaInstance } from 'consola'
import type { ChatbotEvent, ChatbotEventClass } from './index.js'

type Listener<E> = (event: E) => void | Promise<void>

/**
 * Domain-event listeners run after the moment they describe and never hold up a turn:
 * a listener's failure is logged, not propagated.
 */
export function createEventEmitter(logger: ConsolaInstance) {
  const listeners = new Map<ChatbotEventClass, Set<Listener<never>>>()
  const report = (error: unknown) => logger.error('A domain-event listener failed:', error)

  return {
    on<E extends ChatbotEvent>(type: ChatbotEventClass<E>, listener: Listener<E>): () => void {
      const set = listeners.get(type) ?? new Set()
      listeners.set(type, set)
      set.add(listener as Listener<never>)
      return () => set.delete(listener as Listener<never>)
    },
    emit(event: ChatbotEvent): void {
      const set = listeners.get(event.constructor as ChatbotEventClass)
      if (!set) return
      for (const listener of set) {
        try {
          const result = (listener as Listener<ChatbotEvent>)(event)
          if (result && typeof result.then === 'function') result.then(undefined, report)
        } catch (error) {
          report(error)
        }
      }
    },
  }
}

export type EventEmitter = ReturnType<typeof createEventEmitter>
