import type { PendingToolCall, ReplySource } from '@chatbot-kit/kernel'
import { clientError, errorFromResponse, RequestFailure } from './errors.js'
import { conversationUrl, feedbackUrl, historyUrl, messagesUrl } from './endpoint.js'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export interface MessageBody {
  signed_context: string
  message: string
  conversation_id?: string
  client_extractors?: Record<string, string>
  /** Uploaded files' ids (1.2, the attachments module). */
  attachments?: string[]
}

/** An uploaded file as the server describes it (`POST attachments`, a history message's `attachments`). */
export interface AttachmentSummary {
  id: string
  name: string
  type: string
  size: number
}

/** A reply's rating (contract §9.4). */
export type Rating = 'up' | 'down'

export interface HistoryMessage {
  role: 'user' | 'assistant'
  content: string
  /** Absent from servers before 1.1: complete. `streaming` is a reply in progress, with its text so far. */
  status?: 'complete' | 'incomplete' | 'streaming'
  /** The message's public id; `null` for the greeting, absent from servers before 1.1. */
  id?: string | null
  /** The reply's rating; absent from servers without feedback. */
  feedback?: Rating | null
  /** A reply's sources (1.2); absent from older servers. */
  sources?: ReplySource[]
  /** Who wrote it (1.2): a person who took the conversation over is `{ kind: "agent", name }`. */
  author?: { kind: string; name?: string }
  /** A user message's files (1.2); absent from servers without attachments. */
  attachments?: AttachmentSummary[]
}

/** The decision body of the approvals route: one answer for every call, or one per call id. */
export type DecisionBody = { decision: 'approve' | 'deny' } | { decisions: Record<string, 'approve' | 'deny'> }

/** The history's `pending_approval` (contract §9.2): tool calls waiting for the user. */
export interface HistoryApproval {
  approval_id: string
  calls: PendingToolCall[]
}

interface RequestOptions {
  fetch: FetchLike
  endpoint: string
  signal?: AbortSignal
}

interface ConversationOptions extends RequestOptions {
  conversationId: string
  token: string
}

/** POSTs JSON, with the CSRF token the `web` route middleware checks. */
export function post(options: RequestOptions & { csrfToken: string | null }, url: string, body: object, accept = 'text/event-stream'): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: accept }
  if (options.csrfToken) headers['X-CSRF-TOKEN'] = options.csrfToken
  return send(options, url, { method: 'POST', headers, body: JSON.stringify(body) })
}

function eventStream(response: Response): ReadableStream<Uint8Array> {
  if (!response.body || !response.headers.get('Content-Type')?.includes('text/event-stream')) {
    throw new RequestFailure(clientError('bad_response', response.status))
  }
  return response.body
}

/**
 * Posts one user message and gives the event-stream body with the conversation id from
 * `X-Chatbot-Conversation-Id`. Failures throw `RequestFailure`; an abort rejects as such, so
 * the caller can tell a Stop from a failure.
 */
export async function postMessage(options: RequestOptions & { body: MessageBody; csrfToken: string | null }) {
  const response = await post(options, messagesUrl(options.endpoint), options.body)
  return { conversationId: response.headers.get('X-Chatbot-Conversation-Id'), stream: eventStream(response) }
}

/**
 * Opens the conversation's latest reply through the resume route: its events after
 * `lastEventId` (all of them when empty), then the live ones. `null` for 204: nothing to resume.
 */
export async function resumeReply(options: ConversationOptions & { lastEventId: string }): Promise<ReadableStream<Uint8Array> | null> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' }
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId
  const response = await send(options, conversationUrl(options.endpoint, options.conversationId, 'stream', options.token), { headers })
  return response.status === 204 ? null : eventStream(response)
}

/** Asks the server to stop the conversation's reply in progress, on whichever instance runs it. */
export async function stopReply(options: ConversationOptions & { csrfToken: string | null }): Promise<void> {
  await post(options, conversationUrl(options.endpoint, options.conversationId, 'stop'), { signed_context: options.token }, 'application/json')
}

/**
 * Sends the user's decision on a paused turn; the answer streams the turn's continuation as a
 * new reply. A decision too late is 410 `approval_expired`, one already taken 409 `approval_decided`.
 */
export async function postDecision(options: ConversationOptions & { approvalId: string; body: DecisionBody; csrfToken: string | null }): Promise<ReadableStream<Uint8Array>> {
  const url = conversationUrl(options.endpoint, options.conversationId, `approvals/${encodeURIComponent(options.approvalId)}`)
  return eventStream(await post(options, url, { signed_context: options.token, ...options.body }))
}

/** Rates a reply (204); a new rating replaces the one before. `comment` goes with a "down". */
export async function postFeedback(options: RequestOptions & { token: string; messageId: string; rating: Rating; comment?: string; csrfToken: string | null }): Promise<void> {
  await post(options, feedbackUrl(options.endpoint, options.messageId), { signed_context: options.token, rating: options.rating, comment: options.comment }, 'application/json')
}

/**
 * Loads a conversation's messages (the server puts the channel greeting first) and the tool
 * calls waiting for approval (none from servers before 1.1).
 */
export async function getHistory(options: ConversationOptions): Promise<{ messages: HistoryMessage[]; approval: HistoryApproval | null }> {
  const url = historyUrl(options.endpoint, options.conversationId, options.token)
  const response = await send(options, url, { headers: { Accept: 'application/json' } })
  const body = (await response.json().catch(() => null)) as { messages?: unknown; pending_approval?: Partial<HistoryApproval> | null } | null
  if (!Array.isArray(body?.messages)) throw new RequestFailure(clientError('bad_response', response.status))
  const approval = body.pending_approval
  return {
    messages: body.messages.filter(
      (item: Partial<HistoryMessage> | null): item is HistoryMessage =>
        (item?.role === 'user' || item?.role === 'assistant') && typeof item.content === 'string',
    ),
    approval: typeof approval?.approval_id === 'string' && Array.isArray(approval.calls) ? (approval as HistoryApproval) : null,
  }
}

async function send(options: RequestOptions, url: string, init: RequestInit): Promise<Response> {
  let response
  try {
    // Same-origin credentials carry the session and guest cookies; the widget never reads them.
    response = await options.fetch(url, { ...init, credentials: 'same-origin', signal: options.signal })
  } catch (error) {
    throw options.signal?.aborted ? error : new RequestFailure(clientError('network_error'))
  }
  if (!response.ok) throw new RequestFailure(await errorFromResponse(response))
  return response
}
