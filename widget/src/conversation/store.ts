export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export const storageKey = (channel: string): string => `chatbot:conversation:${channel}`

export type ConversationStore = ReturnType<typeof createConversationStore>

/**
 * The current conversation id per channel, in `localStorage` (the widget reads no cookie).
 * Storage can be missing or throw (private modes, full quota, blocked site data): the id then
 * lives in memory, so the conversation still continues until the page is left.
 */
export function createConversationStore(storage: KeyValueStorage | null) {
  const memory = new Map<string, string>()
  const attempt = (action: (storage: KeyValueStorage) => void) => {
    try {
      if (storage) action(storage)
    } catch {
      // Fall back to memory, already updated.
    }
  }
  return {
    get(channel: string): string | null {
      try {
        const stored = storage?.getItem(storageKey(channel))
        if (stored) return stored
      } catch {
        // Unreadable storage: memory below.
      }
      return memory.get(channel) ?? null
    },
    set(channel: string, id: string): void {
      memory.set(channel, id)
      attempt((s) => s.setItem(storageKey(channel), id))
    },
    forget(channel: string): void {
      memory.delete(channel)
      attempt((s) => s.removeItem(storageKey(channel)))
    },
  }
}

/** `window.localStorage`, or null where even reading the property throws (blocked site data). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}
