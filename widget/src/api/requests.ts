import { badResponse, errorFromResponse, networkError, type WidgetError } from './errors.js'
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

export type Result<T> = ({ ok: true } & T) | { ok: false; error: WidgetError }

interface RequestOptions {
  fetch: FetchLike
  endpoint: string
  signal: AbortSignal
}

/**
 * Posts one user message. On 200 gives the event-stream body and the conversation id from
 * `X-Chatbot-Conversation-Id`; on any other status the parsed error. An abort rejects, so the
 * caller can tell a Stop from a failure.
 */
export async function postMessage(
  options: RequestOptions & { body: MessageBody; csrfToken: string | null },
): Promise<Result<{ conversationId: string | null; stream: ReadableStream<Uint8Array> }>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' }
  if (options.csrfToken) headers['X-CSRF-TOKEN'] = options.csrfToken
  const sent = await send(options, messagesUrl(options.endpoint), {
    method: 'POST',
    headers,
    body: JSON.stringify(options.body),
  })
  if (!sent.ok) return sent
  const { response } = sent
  if (!response.ok) return { ok: false, error: await errorFromResponse(response) }
  const type = response.headers.get('Content-Type') ?? ''
  if (!type.includes('text/event-stream') || !response.body) return { ok: false, error: badResponse(response.status) }
  return { ok: true, conversationId: response.headers.get('X-Chatbot-Conversation-Id'), stream: response.body }
}

/** Loads a conversation's messages (the server puts the channel greeting first). */
export async function getHistory(
  options: RequestOptions & { conversationId: string; token: string },
): Promise<Result<{ messages: HistoryMessage[] }>> {
  const url = historyUrl(options.endpoint, options.conversationId, options.token)
  const sent = await send(options, url, { method: 'GET', headers: { Accept: 'application/json' } })
  if (!sent.ok) return sent
  const { response } = sent
  if (!response.ok) return { ok: false, error: await errorFromResponse(response) }
  try {
    const body = (await response.json()) as { messages?: unknown }
    return { ok: true, messages: toHistory(body.messages) }
  } catch (error) {
    if (options.signal.aborted) throw error
    return { ok: false, error: badResponse(response.status) }
  }
}

async function send(options: RequestOptions, url: string, init: RequestInit): Promise<Result<{ response: Response }>> {
  try {
    // Same-origin credentials carry the session and guest cookies; the widget never reads them.
    return { ok: true, response: await options.fetch(url, { ...init, credentials: 'same-origin', signal: options.signal }) }
  } catch (error) {
    if (options.signal.aborted) throw error
    return { ok: false, error: networkError() }
  }
}

function toHistory(value: unknown): HistoryMessage[] {
  if (!Array.isArray(value)) throw new TypeError('messages is not an array')
  return value.flatMap((item: { role?: unknown; content?: unknown }) =>
    (item?.role === 'user' || item?.role === 'assistant') && typeof item.content === 'string'
      ? [{ role: item.role, content: item.content }]
      : [],
  )
}
