import type { StreamEvent } from '@chatbot-kit/kernel'
import { onTestFinished, vi } from 'vitest'
import type { WidgetError } from '../../src/api/errors.js'
import type { FetchLike } from '../../src/api/requests.js'
import { createChatController, type ReplyDetail } from '../../src/chat/controller.js'
import type { ChatState } from '../../src/chat/state.js'
import { createConversationStore, storageKey } from '../../src/conversation/store.js'
import { createExtractorRegistry } from '../../src/extractors/registry.js'

export const endpoint = 'https://shop.example/chatbot/'

/** A body the test writes to while the controller reads it; `fail` drops it as a lost connection does. */
export function liveBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let cancelled = false
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => void (cancelled = true),
  })
  return {
    body,
    write: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    close: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
    get cancelled() {
      return cancelled
    },
  }
}

export interface SetupOptions {
  /** Answers to the controller's requests, in order; one more request throws. */
  responses: (() => Response | Promise<Response>)[]
  stored?: string
  greeting?: string
  extractors?: Record<string, { timeoutMs: number; sizeCapBytes: number }>
  /** `localStorage` shared with another controller: two tabs of one browser. */
  storage?: Map<string, string>
}

/** A controller on a fake fetch and storage, recording what it reports; disposed when the test ends. */
export function setup(options: SetupOptions) {
  const storage = options.storage ?? new Map<string, string>()
  if (options.stored) storage.set(storageKey('support'), options.stored)
  const queue = [...options.responses]
  const fetch = vi.fn<FetchLike>(async () => {
    const next = queue.shift()
    if (!next) throw new Error('unexpected request')
    return next()
  })
  const registry = createExtractorRegistry()
  const seen = { states: [] as ChatState[], sent: [] as string[], replies: [] as ReplyDetail[], errors: [] as WidgetError[], events: [] as StreamEvent[] }
  const controller = createChatController({
    session: () => ({ endpoint, token: 'payload.sig', channel: 'support', greeting: options.greeting, extractors: options.extractors ?? {} }),
    registry,
    conversations: createConversationStore({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    }),
    csrfToken: () => 'csrf-1',
    fetch,
    onChange: (state) => seen.states.push(state),
    onSend: ({ message }) => seen.sent.push(message),
    onReply: (detail) => seen.replies.push(detail),
    onError: (error) => seen.errors.push(error),
    onEvent: (event) => seen.events.push(event),
  })
  onTestFinished(() => controller.dispose())
  const messages = () => controller.state.messages.map(({ role, content, status }) => ({ role, content, status }))
  const postedBody = (call: number) => JSON.parse(String(fetch.mock.calls[call]![1].body)) as Record<string, unknown>
  /** Adds answers for requests still to come. */
  const answer = (...responses: (() => Response | Promise<Response>)[]) => void queue.push(...responses)
  return { controller, fetch, storage, registry, seen, messages, postedBody, answer }
}
