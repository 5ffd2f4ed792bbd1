import type { DoneStreamEvent, StreamEvent } from '@chatbot-kit/kernel'
import { clientError, RequestFailure, type WidgetError } from '../api/errors.js'
import { getHistory, postMessage, type FetchLike, type HistoryMessage, type MessageBody } from '../api/requests.js'
import type { ConversationStore } from '../conversation/store.js'
import type { ExtractorLimits } from '../envelope/payload.js'
import type { ExtractorRegistry } from '../extractors/registry.js'
import { runExtractors } from '../extractors/run.js'
import { parseEvent } from '../stream/events.js'
import { readSse } from '../stream/sse.js'
import { applyToReply, createMessage, initialState, isEmptyReply, type ChatMessage, type ChatState } from './state.js'

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
  usage: DoneStreamEvent['usage']
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

/** A failed request, kept so Retry can repeat it: a history load, or a message sent from `from`. */
type Attempt = { message?: string; from: number }

/**
 * A user message repeating the one right before it, with no reply between, is what a Retry
 * leaves when the reply failed on an open stream: the server had stored the message before the
 * provider failed, and Retry stored it again. It is shown once.
 */
const foldRetries = (messages: HistoryMessage[]) =>
  messages.filter((message, index) => !(message.role === 'user' && messages[index - 1]?.role === 'user' && messages[index - 1]!.content === message.content))

// The stored conversation is gone (pruned) or another identity's (another login): start afresh.
const isGone = (error: unknown) =>
  error instanceof RequestFailure && (error.error.status === 404 || error.error.code === 'forbidden')

/**
 * The chat's behaviour without any DOM: history, sending, streaming, stop and retry. The
 * element renders `state` and forwards user actions; everything here runs in Node tests.
 */
export function createChatController(options: ChatControllerOptions) {
  let state = initialState()
  let loaded = false
  let inflight: AbortController | null = null
  let failed: Attempt | null = null
  let disposed = false

  const update = (patch: Partial<ChatState>) => {
    if (disposed) return
    state = { ...state, ...patch }
    options.onChange(state)
  }
  /** Replaces the reply being streamed (the last message), or drops it for `null`. */
  const updateReply = (change: (reply: ChatMessage) => ChatMessage | null) => {
    const reply = state.messages.at(-1)
    if (reply?.role !== 'assistant') return
    const next = change(reply)
    if (next !== reply) update({ messages: [...state.messages.slice(0, -1), ...(next ? [next] : [])] })
  }
  const fail = (error: WidgetError, attempt: Attempt) => {
    failed = attempt
    // A failed send marks its reply; a failed load leaves the greeting as it is.
    if (attempt.message !== undefined) updateReply((reply) => (isEmptyReply(reply) ? null : { ...reply, status: 'failed' }))
    update({ error })
    options.onError?.(error)
  }

  /** Runs one request as `phase`: Stop aborts it, and a failure is shown with Retry. */
  const run = async (phase: ChatState['phase'], attempt: Attempt, task: (signal: AbortSignal) => Promise<void>) => {
    const abort = new AbortController()
    inflight = abort
    update({ phase, error: null })
    try {
      await task(abort.signal)
    } catch (error) {
      if (abort.signal.aborted) {
        updateReply((reply) => (reply.status !== 'streaming' ? reply : isEmptyReply(reply) ? null : { ...reply, status: 'stopped' }))
      } else {
        fail(error instanceof RequestFailure ? error.error : clientError('internal_error'), attempt)
      }
    } finally {
      inflight = null
      update({ phase: 'idle' })
    }
  }

  async function load(): Promise<void> {
    if (loaded || state.phase !== 'idle') return
    const session = options.session()
    const id = options.conversations.get(session.channel)
    const greeting = session.greeting ? [createMessage('assistant', session.greeting)] : []
    await run('loading', { from: 0 }, async (signal) => {
      let messages = greeting
      try {
        if (id) messages = foldRetries(await getHistory({ ...options, ...session, signal, conversationId: id })).map((m) => createMessage(m.role, m.content))
      } catch (error) {
        // A failed load still shows the greeting, above the error and its Retry.
        if (!isGone(error)) {
          update({ messages: greeting })
          throw error
        }
        options.conversations.forget(session.channel)
      }
      loaded = true
      update({ messages })
    })
  }

  async function send(text: string): Promise<boolean> {
    const message = text.trim()
    if (!message || state.phase !== 'idle') return false
    const attempt = { message, from: state.messages.length }
    options.onSend?.({ message })
    update({ messages: [...state.messages, createMessage('user', message), createMessage('assistant', '', 'streaming')] })
    await run('streaming', attempt, (signal) => stream(message, signal))
    return true
  }

  async function stream(message: string, signal: AbortSignal, afresh = false): Promise<void> {
    const session = options.session()
    const conversationId = afresh ? null : options.conversations.get(session.channel)
    const blocks = await runExtractors(session.extractors, options.registry, { channel: session.channel, message })
    signal.throwIfAborted()
    const body: MessageBody = { signed_context: session.token, message }
    if (conversationId) body.conversation_id = conversationId
    if (Object.keys(blocks).length > 0) body.client_extractors = blocks
    let reply
    try {
      reply = await postMessage({ ...options, endpoint: session.endpoint, signal, body, csrfToken: options.csrfToken() })
    } catch (error) {
      if (!conversationId || !isGone(error)) throw error
      options.conversations.forget(session.channel)
      return stream(message, signal, true)
    }
    if (reply.conversationId) options.conversations.set(session.channel, reply.conversationId)
    let finished = false
    try {
      await readSse(
        reply.stream,
        (data) => {
          if (!finished) finished = handleEvent(parseEvent(data), session.channel)
        },
        signal,
      )
    } catch (error) {
      // A dropped connection leaves `finished` false; aborts and `error` events go up.
      if (signal.aborted || error instanceof RequestFailure) throw error
    }
    signal.throwIfAborted()
    if (!finished) throw new RequestFailure(clientError('stream_interrupted'))
  }

  /** Applies one event to the reply; true when the event ends it. */
  function handleEvent(event: StreamEvent | null, channel: string): boolean {
    if (!event) return false
    updateReply((reply) => applyToReply(reply, event))
    if (event.type !== 'done' && event.type !== 'error') return false
    if (event.conversation_id) options.conversations.set(channel, event.conversation_id)
    if (event.type === 'error') throw new RequestFailure({ code: event.code, message: event.message, retryable: event.retryable })
    const reply = state.messages.at(-1)!
    update({ announcement: { key: reply.key, text: reply.content } })
    options.onReply?.({
      conversationId: event.conversation_id,
      messageId: event.message_id,
      content: reply.content,
      finishReason: event.finish_reason,
      usage: event.usage,
    })
    return true
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
      const attempt = failed
      if (!attempt || state.phase !== 'idle') return
      failed = null
      if (attempt.message === undefined) return load()
      update({ messages: state.messages.slice(0, attempt.from) })
      await send(attempt.message)
    },
    dispose(): void {
      disposed = true
      inflight?.abort()
    },
  }
}
