import { describe, expect, it } from 'vitest'
import { createConversationStore, storageKey, type KeyValueStorage } from '../../src/conversation/store.js'

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('conversation store', () => {
  it('keeps one id per channel under chatbot:conversation:<channel>', () => {
    const storage = memoryStorage()
    const store = createConversationStore(storage)
    store.set('support', 'c-1')
    store.set('sales', 'c-2')
    expect(storageKey('support')).toBe('chatbot:conversation:support')
    expect(storage.data.get('chatbot:conversation:support')).toBe('c-1')
    expect(createConversationStore(storage).get('sales')).toBe('c-2')
    store.forget('support')
    expect(store.get('support')).toBeNull()
    expect(storage.data.has('chatbot:conversation:support')).toBe(false)
  })

  it('falls back to memory when storage throws or is missing', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    for (const storage of [broken, null]) {
      const store = createConversationStore(storage)
      store.set('support', 'c-1')
      expect(store.get('support')).toBe('c-1')
      store.forget('support')
      expect(store.get('support')).toBeNull()
    }
  })
})
