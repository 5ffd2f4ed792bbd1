import { clientError, errorFromResponse, RequestFailure } from './errors.js'
import { historyUrl, messagesUrl } from './endpoint.js'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export interface MessageBody {
  signed_context: string
  message: string
  conversation_id?: string
  client_extractors?: Record<string, string>
}

export interface HistoryMessage {
  role: 'user' | 'assistant'
  content: string
}

interface RequestOptions {
  fetch: FetchLike
  endpoint: string
  signal: AbortSignal
}

/**
 * Posts one user message and gives the event-stream body with the conversation id from
 * `X-Chatbot-Conversation-Id`. Failures throw `RequestFailure`; an abort rejects as such, so
 * the caller can tell a Stop from a failure.
 */
export async function postMessage(options: RequestOptions & { body: MessageBody; csrfToken: string | null }) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' }
  if (options.csrfToken) headers['X-CSRF-TOKEN'] = options.csrfToken
  const response = await send(options, messagesUrl(options.endpoint), {
    method: 'POST',
    headers,
    body: JSON.stringify(options.body),
  })
  if (!response.body || !response.headers.get('Content-Type')?.includes('text/event-stream')) {
    throw new RequestFailure(clientError('bad_response', response.status))
  }
  return { conversationId: response.headers.get('X-Chatbot-Conversation-Id'), stream: response.body }
}

/** Loads a conversation's messages (the server puts the channel greeting first). */
export async function getHistory(options: RequestOptions & { conversationId: string; token: string }): Promise<HistoryMessage[]> {
  const url = historyUrl(options.endpoint, options.conversationId, options.token)
  const response = await send(options, url, { headers: { Accept: 'application/json' } })
  const body = (await response.json().catch(() => null)) as { messages?: unknown } | null
  if (!Array.isArray(body?.messages)) throw new RequestFailure(clientError('bad_response', response.status))
  return body.messages.filter(
    (item: Partial<HistoryMessage> | null): item is HistoryMessage =>
      (item?.role === 'user' || item?.role === 'assistant') && typeof item.content === 'string',
  )
}

async function send(options: RequestOptions, url: string, init: RequestInit): Promise<Response> {
  let response
  try {
    // Same-origin credentials carry the session and guest cookies; the widget never reads them.
    response = await options.fetch(url, { ...init, credentials: 'same-origin', signal: options.signal })
  } catch (error) {
    throw options.signal.aborted ? error : new RequestFailure(clientError('network_error'))
  }
  if (!response.ok) throw new RequestFailure(await errorFromResponse(response))
  return response
}
