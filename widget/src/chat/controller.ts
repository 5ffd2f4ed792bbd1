import { streamInterrupted, type WidgetError } from '../api/errors.js'
import { getHistory, postMessage, type FetchLike, type MessageBody } from '../api/requests.js'
import type { ExtractorLimits } from '../envelope/payload.js'
import type { ExtractorRegistry } from '../extractors/registry.js'
import { runExtractors } from '../extractors/run.js'
import type { ConversationStore } from '../conversation/store.js'
import { parseMarkdown } from '../markdown/blocks.js'
import { toPlainText } from '../markdown/plain.js'
import { toStreamEvent, type DoneEvent, type StreamEvent } from '../stream/events.js'
import { readSse } from '../stream/sse.js'
import { applyToReply, createMessage, initialState, isEmptyReply, withLast, type ChatMessage, type ChatState } from './state.js'

/** What one request needs, read fresh for each: the host may replace an expired envelope. */
export interface Session {
  endpoint: string
  token: string
  channel: string
  greeting?: string
  extractors: Record<string, ExtractorLimits>
}

export interface ReplyDetail {
  conversationId: string
  messageId: string
  content: string
  finishReason: string
  usage: DoneEvent['usage']
}

export interface ChatControllerOptions {
  session: () => Session
  registry: ExtractorRegistry
  conversations: ConversationStore
  csrfToken: () => string | null
  fetch: FetchLike
  onChange: (state: ChatState) => void
  onSend?: (detail: { message: string }) => void
  onReply?: (detail: ReplyDetail) => void
  onError?: (error: WidgetError) => void
}

type Attempt = { kind: 'load' } | { kind: 'send'; message: string; from: number }

// The stored conversation is gone (pruned) or belongs to someone else (another login): start afresh.
const isGone = (error: WidgetError) => error.status === 404 || error.code === 'not_found' || error.code === 'forbidden'

/**
 * The chat's behaviour without any DOM: history, sending, streaming, stop and retry. The
 * element renders `state` and forwards user actions; everything here runs in Node tests.
 */
export function createChatController(options: ChatControllerOptions) {
  let state = initialState()
  let loaded = false
  let inflight: AbortController | null = null
  let lastAttempt: Attempt | null = null
  let disposed = false

  const update = (patch: Partial<ChatState>) => {
    if (disposed) return
    state = { ...state, ...patch }
    options.onChange(state)
  }
  const updateReply = (change: (reply: ChatMessage) => ChatMessage | null) => {
    const last = state.messages.at(-1)
    if (last?.role !== 'assistant') return
    const next = change(last)
    update({ messages: next ? withLast(state.messages, next) : state.messages.slice(0, -1) })
  }
  const greeting = (session: Session) => (session.greeting ? [createMessage('assistant', session.greeting)] : [])

  const fail = (error: WidgetError, attempt: Attempt) => {
    lastAttempt = attempt
    updateReply((reply) => (isEmptyReply(reply) ? null : { ...reply, status: 'failed' }))
    update({ error })
    options.onError?.(error)
  }

  /** Runs one request as the current phase; Stop aborts it, and only it. */
  const run = async (phase: ChatState['phase'], attempt: Attempt, task: (signal: AbortSignal) => Promise<void>) => {
    const abort = new AbortController()
    inflight = abort
    update({ phase, error: null })
    try {
      await task(abort.signal)
    } catch (error) {
      if (abort.signal.aborted) updateReply((reply) => (reply.status !== 'streaming' ? reply : isEmptyReply(reply) ? null : { ...reply, status: 'stopped' }))
      else fail({ code: 'internal_error', message: String(error), retryable: true }, attempt)
    } finally {
      inflight = null
      update({ phase: 'idle' })
    }
  }

  async function load(): Promise<void> {
    if (loaded || state.phase !== 'idle') return
    const session = options.session()
    const id = options.conversations.get(session.channel)
    if (!id) {
      loaded = true
      update({ messages: greeting(session) })
      return
    }
    await run('loading', { kind: 'load' }, async (signal) => {
      const result = await getHistory({ fetch: options.fetch, endpoint: session.endpoint, signal, conversationId: id, token: session.token })
      if (result.ok || isGone(result.error)) {
        if (!result.ok) options.conversations.forget(session.channel)
        loaded = true
        update({ messages: result.ok ? result.messages.map((m) => createMessage(m.role, m.content)) : greeting(session) })
      } else {
        fail(result.error, { kind: 'load' })
      }
    })
  }

  async function send(text: string): Promise<boolean> {
    const message = text.trim()
    if (!message || state.phase !== 'idle') return false
    const from = state.messages.length
    options.onSend?.({ message })
    update({ messages: [...state.messages, createMessage('user', message), createMessage('assistant', '', 'streaming')] })
    const attempt: Attempt = { kind: 'send', message, from }
    await run('streaming', attempt, (signal) => stream(attempt, signal, true))
    return true
  }

  async function stream(attempt: Attempt & { kind: 'send' }, signal: AbortSignal, mayStartAfresh: boolean): Promise<void> {
    const session = options.session()
    const conversationId = options.conversations.get(session.channel)
    const blocks = await runExtractors(session.extractors, options.registry, { channel: session.channel, message: attempt.message })
    signal.throwIfAborted()
    const body: MessageBody = { signed_context: session.token, message: attempt.message }
    if (conversationId) body.conversation_id = conversationId
    if (Object.keys(blocks).length > 0) body.client_extractors = blocks
    const result = await postMessage({ fetch: options.fetch, endpoint: session.endpoint, signal, body, csrfToken: options.csrfToken() })
    if (!result.ok) {
      if (conversationId && mayStartAfresh && isGone(result.error)) {
        options.conversations.forget(session.channel)
        return stream(attempt, signal, false)
      }
      return fail(result.error, attempt)
    }
    if (result.conversationId) options.conversations.set(session.channel, result.conversationId)
    let finished = false
    try {
      await readSse(result.stream, (data) => {
        if (finished || disposed) return
        finished = handleEvent(data, session.channel, attempt)
      })
    } catch (error) {
      if (signal.aborted) throw error
    }
    if (!finished) fail(streamInterrupted(), attempt)
  }

  /** Applies one event; true when it ends the reply. */
  function handleEvent(data: string, channel: string, attempt: Attempt): boolean {
    const event = parseEvent(data)
    if (!event) return false
    updateReply((reply) => applyToReply(reply, event))
    if (event.type === 'done') {
      if (event.conversation_id) options.conversations.set(channel, event.conversation_id)
      const reply = state.messages.at(-1)!
      update({ announcement: { key: reply.key, text: toPlainText(parseMarkdown(reply.content)) } })
      options.onReply?.({
        conversationId: event.conversation_id,
        messageId: event.message_id,
        content: reply.content,
        finishReason: event.finish_reason,
        usage: event.usage,
      })
      return true
    }
    if (event.type === 'error') {
      if (event.conversation_id) options.conversations.set(channel, event.conversation_id)
      fail({ code: event.code, message: event.message ?? '', retryable: event.retryable === true }, attempt)
      return true
    }
    return false
  }

  return {
    get state(): ChatState {
      return state
    },
    load,
    send,
    /** Aborts the reply being streamed; what arrived stays, marked stopped. */
    stop(): void {
      inflight?.abort()
    },
    /** Repeats the failed load, or removes the failed exchange and sends its message again. */
    async retry(): Promise<void> {
      const attempt = lastAttempt
      if (!attempt || state.phase !== 'idle') return
      lastAttempt = null
      if (attempt.kind === 'load') return load()
      update({ messages: state.messages.slice(0, attempt.from), error: null })
      await send(attempt.message)
    },
    dispose(): void {
      disposed = true
      inflight?.abort()
    },
  }
}

function parseEvent(data: string): StreamEvent | null {
  try {
    return toStreamEvent(JSON.parse(data))
  } catch {
    // A malformed event is skipped; the reply goes on.
    return null
  }
}

export type ChatController = ReturnType<typeof createChatController>
