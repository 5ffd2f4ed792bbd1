import type { StreamEvent } from '@chatbot-kit/kernel'
import { clientError, RequestFailure, type WidgetError } from '../api/errors.js'
import { stopReply, type DecisionBody } from '../api/requests.js'
import { placeOf } from '../stream/event-id.js'
import { parseEvent } from '../stream/events.js'
import { sendRating, type Rating } from './feedback.js'
import { followReply, type EventHandler } from './follow.js'
import { isGone, loadHistory } from './history.js'
import { decideAndRead, postAndRead, type ReadResult } from './post.js'
import { applyToReply, createMessage, initialState, isEmptyReply, toApproval, type ChatMessage, type ChatState, type Decision } from './state.js'
import { linkTabs, type TabLink } from './tabs.js'
import type { ChatControllerOptions, Session } from './types.js'

export type { ChatControllerOptions, ReplyDetail, Session } from './types.js'

/** A failed request, kept so Retry can repeat it: a history load, or what `redo` sends again after the messages before `from`. */
type Attempt = { from: number; redo?: () => Promise<unknown> }

/**
 * The chat's behaviour without any DOM: history, sending, streaming, resuming a dropped or
 * reloaded reply, following another tab's, tool approvals, ratings, stop and retry. The element renders `state` and
 * forwards user actions; everything here runs in Node tests.
 */
export function createChatController(options: ChatControllerOptions) {
  let state = initialState()
  let loaded = false
  let inflight: AbortController | null = null
  let failed: Attempt | null = null
  let disposed = false
  /** The SSE id of the last event applied to the reply shown: resumes ask for what follows it. */
  let lastId = ''
  /** Whether the reply shown was sent from here: only those fire `onReply`, so a host counts each once. */
  let own = false
  let tabs: TabLink | null = null
  let newsWhileLoading = false
  let spoken = 0

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
    // A failed reply keeps what arrived, marked; a failed load leaves the greeting as it is.
    updateReply((reply) => (reply.status === 'complete' || reply.status === 'stopped' ? reply : isEmptyReply(reply) ? null : { ...reply, status: 'failed' }))
    update({ error })
    options.onError?.(error)
  }

  /** Runs one request as `phase`: Stop aborts it, and a failure is shown with Retry. */
  const run = async (phase: ChatState['phase'], attempt: Attempt, task: (signal: AbortSignal) => Promise<void>) => {
    const abort = new AbortController()
    inflight = abort
    update({ phase, error: null, notice: null })
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
      update({ phase: 'idle', reconnecting: false })
    }
  }

  /** Another tab started or ended a reply here: show the conversation as the server has it. */
  const onTabNews = () => {
    // News during a load may be newer than what that load reads: load again once it is done.
    if (state.phase === 'loading') newsWhileLoading = true
    if (!loaded || state.phase !== 'idle') return
    loaded = false
    void load()
  }

  async function load(): Promise<void> {
    if (loaded || state.phase !== 'idle') return
    const session = options.session()
    tabs ??= linkTabs(session.endpoint, session.channel, onTabNews)
    const id = options.conversations.get(session.channel)
    const greeting = session.greeting ? [createMessage('assistant', session.greeting)] : []
    await run('loading', { from: 0 }, async (signal) => {
      let shown: Pick<ChatState, 'messages' | 'approval'> = { messages: greeting, approval: null }
      try {
        if (id) shown = await loadHistory(options, session, id, signal)
      } catch (error) {
        // A failed load still shows the greeting, above the error and its Retry.
        if (!isGone(error)) {
          update({ messages: greeting })
          throw error
        }
        options.conversations.forget(session.channel)
      }
      loaded = true
      update(shown)
      // A reply still streaming (the page reloaded mid-reply, or another tab sent it): follow
      // it from its first event, the replay replacing the text so far.
      if (id && shown.messages.at(-1)?.status === 'streaming') {
        own = false
        lastId = ''
        update({ phase: 'streaming' })
        await follow(session, id, signal)
      }
    })
    if (!newsWhileLoading || !loaded) return
    newsWhileLoading = false
    loaded = false
    await load()
  }

  async function send(text: string): Promise<boolean> {
    const message = text.trim()
    if (!message || state.phase !== 'idle') return false
    const attempt = { from: state.messages.length, redo: () => send(message) }
    own = true
    options.onSend?.({ message })
    update({ messages: [...state.messages, createMessage('user', message), createMessage('assistant', '', 'streaming')] })
    await run('streaming', attempt, (signal) => stream((session, onEvent) => postAndRead(options, session, message, onEvent, signal), signal))
    tabs?.post('ended')
    return true
  }

  /**
   * Answers the paused turn: `callId` records one call's choice, sent with the others once
   * every call has one; without it (or with a single call) the choice goes for every call.
   */
  async function decide(choice: Decision, callId?: string): Promise<void> {
    const approval = state.approval
    if (!approval || state.phase !== 'idle') return
    if (!callId || approval.calls.length < 2) return answer(approval.id, { decision: choice })
    const choices = { ...approval.choices, [callId]: choice }
    if (approval.calls.every((call) => choices[call.call_id])) return answer(approval.id, { decisions: choices })
    update({ approval: { ...approval, choices } })
  }

  /** Sends a decision; its answer streams the turn's continuation as a new reply. */
  async function answer(approvalId: string, body: DecisionBody): Promise<void> {
    const attempt = { from: state.messages.length, redo: () => answer(approvalId, body) }
    let stale: WidgetError | undefined
    own = true
    update({ approval: null, messages: [...state.messages, createMessage('assistant', '', 'streaming')] })
    await run('streaming', attempt, async (signal) => {
      try {
        await stream((session, onEvent) => decideAndRead(options, session, options.conversations.get(session.channel) ?? '', approvalId, body, onEvent, signal), signal)
      } catch (error) {
        // `approval_decided` (another tab answered) or `approval_expired`: nothing to retry.
        if (!(error instanceof RequestFailure && error.error.code.startsWith('approval_'))) throw error
        stale = error.error
      }
    })
    tabs?.post('ended')
    if (!stale) return
    // The server's state is the truth: show it, then say why the card went away.
    loaded = false
    await load()
    update({ notice: stale })
    options.onError?.(stale)
  }

  /** Opens one reply's stream with `open`, reads it, and resumes it after a drop. */
  async function stream(open: (session: Session, onEvent: EventHandler) => Promise<ReadResult>, signal: AbortSignal): Promise<void> {
    const session = options.session()
    lastId = ''
    const onEvent: EventHandler = (data, id) => {
      const first = !lastId
      const ended = handle(data, id, session.channel)
      // The reply is in the server's log from its first event: other tabs can follow it now.
      if (first && lastId) tabs?.post('reply')
      return ended
    }
    const { conversationId, ended } = await open(session, onEvent)
    if (ended) return
    // Dropped: resume the same reply after its last event. Before any event there is no id to
    // ask for, and the conversation's latest reply may still be an older one.
    if (!lastId || !conversationId) throw new RequestFailure(clientError('stream_interrupted'))
    await follow(session, conversationId, signal)
  }

  /** Follows the conversation's latest reply through the resume route, reconnecting as needed. */
  async function follow(session: Session, conversationId: string, signal: AbortSignal): Promise<void> {
    const ended = await followReply({
      ...options,
      ...session,
      conversationId,
      signal,
      lastId: () => lastId,
      onEvent: (data, id) => handle(data, id, session.channel),
      onWait: (reconnecting) => update({ reconnecting }),
    })
    // Nothing left to replay (204): the history has the reply as it was stored.
    if (!ended) update(await loadHistory(options, session, conversationId, signal))
  }

  /** Applies one event unless it was applied already; true when it ends the reply. */
  function handle(data: string, id: string, channel: string): boolean {
    const place = placeOf(id, lastId)
    if (place === 'seen') return false
    // Another reply's events start from its first: they replace what is shown.
    if (place === 'other') updateReply((reply) => (isEmptyReply(reply) ? reply : { ...reply, content: '', tools: [], sources: [] }))
    if (id) lastId = id
    return handleEvent(parseEvent(data), channel)
  }

  /** Applies one event to the reply; true when the event ends it. */
  function handleEvent(event: StreamEvent | null, channel: string): boolean {
    if (!event) return false
    options.onEvent?.(event)
    updateReply((reply) => applyToReply(reply, event))
    if (event.type === 'tool_approval_required') update({ approval: toApproval(event) })
    if (event.type !== 'done' && event.type !== 'error') return false
    if (event.conversation_id) options.conversations.set(channel, event.conversation_id)
    if (event.type === 'error') throw new RequestFailure({ code: event.code, message: event.message, retryable: event.retryable })
    const reply = state.messages.at(-1)!
    update({ announcement: { key: reply.key, text: reply.content, paused: event.finish_reason === 'approval_required' } })
    // A turn that ended with nothing to show (paused for approval, held for a person) leaves no
    // empty bubble: the approval card or the handoff status shows instead.
    updateReply((ended) => (isEmptyReply(ended) ? null : ended))
    if (own) {
      options.onReply?.({
        conversationId: event.conversation_id,
        messageId: event.message_id,
        content: reply.content,
        finishReason: event.finish_reason,
        usage: event.usage,
      })
    }
    return true
  }

  return {
    get state(): ChatState {
      return state
    },
    load,
    send,
    decide,
    /**
     * Rates reply `id` (with a "down"'s comment); true when the server took it. A failure says
     * so in the status line (`notice`, code `feedback_failed`), without Retry: pressing the
     * thumb again retries.
     */
    async rate(id: string, rating: Rating, comment?: string): Promise<boolean> {
      const failure = await sendRating(options, id, rating, comment)
      if (failure) options.onError?.(failure)
      update({ notice: failure && { ...failure, code: 'feedback_failed' } })
      return !failure
    },
    /** Adds a message that arrived without a turn (a person's, in a handoff). */
    push(message: ChatMessage): void {
      update({ messages: [...state.messages, message] })
    },
    /** Has the polite live region read `text` once (the thanks for a rating). */
    announce(text: string): void {
      update({ announcement: { key: `a${++spoken}`, text } })
    },
    /**
     * Stops the reply being streamed: the stop route ends it on the server (a disconnect no
     * longer does), and reading ends here; what arrived stays, marked stopped. A failed stop
     * call still stops it here.
     */
    stop(): void {
      if (!inflight) return
      const session = options.session()
      const conversationId = options.conversations.get(session.channel)
      if (conversationId && state.phase === 'streaming') {
        stopReply({ ...options, ...session, conversationId, csrfToken: options.csrfToken() }).catch(() => {})
      }
      inflight.abort()
    },
    /** Repeats the failed load, or removes the failed exchange and sends its message (or decision) again. */
    async retry(): Promise<void> {
      const attempt = failed
      if (!attempt || state.phase !== 'idle') return
      failed = null
      if (!attempt.redo) {
        loaded = false
        return load()
      }
      update({ messages: state.messages.slice(0, attempt.from) })
      await attempt.redo()
    },
    dispose(): void {
      disposed = true
      inflight?.abort()
      tabs?.close()
    },
  }
}
