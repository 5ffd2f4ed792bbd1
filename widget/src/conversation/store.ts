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
  const attempt = <T>(action: () => T): T | undefined => {
    try {
      return action()
    } catch {
      // Memory, already updated, stands in.
    }
  }
  return {
    get: (channel: string): string | null => attempt(() => storage?.getItem(storageKey(channel))) || memory.get(channel) || null,
    set(channel: string, id: string): void {
      memory.set(channel, id)
      attempt(() => storage?.setItem(storageKey(channel), id))
    },
    forget(channel: string): void {
      memory.delete(channel)
      attempt(() => storage?.removeItem(storageKey(channel)))
    },
  }
}

/** `window.localStorage`, or null where even reading the property throws (blocked site data). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return localStorage
  } catch {
    return null
  }
}
