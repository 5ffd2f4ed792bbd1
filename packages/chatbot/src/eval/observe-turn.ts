import type { Chatbot, ReplySource } from '@chatbot-kit/kernel'
import { readEvents } from '../ai-sdk/sse.js'

/** What one turn did, read off its stream as the widget reads it. */
export interface TurnObservation {
  /** The reply's text: every `token` joined. */
  reply: string
  /** The `sources` event's sources (`[]` when none were offered). */
  sources: ReplySource[]
  /** `done.citations`. */
  citations: number[]
  /** The tools the turn called, in order: started, or held for the user's approval. */
  tools: string[]
  /** Set when the turn did not complete: the HTTP error, or the stream's `error` event. */
  error?: { code: string; message: string }
}

/** How the eval reaches the turn: one page session's cookies and CSRF token, as a widget's page has. */
export interface TurnClient {
  cookie: string
  csrfToken: string
}

/**
 * Opens a page session as a browser does on a page with the widget (`renderWidget`): its cookies
 * and the CSRF token of its meta tag, which every message then carries, so the turn runs through
 * the same route middleware as a visitor's.
 */
export async function openTurnClient(chatbot: Chatbot): Promise<TurnClient> {
  const rendered = await chatbot.renderWidget(new Request(`http://localhost${chatbot.config.base}/eval`))
  const cookie = rendered.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  const csrfToken = /<meta name="csrf-token" content="([^"]*)"/.exec(rendered.head)?.[1] ?? ''
  return { cookie, csrfToken }
}

/** Sends `question` as `user` on `channel` through `POST <base>/messages`, in process, and reads the reply's stream to its end. */
export async function observeTurn(chatbot: Chatbot, client: TurnClient, { question, channel, user }: { question: string; channel: string; user: string }): Promise<TurnObservation> {
  const envelope = chatbot.mintEnvelope({ userId: user, channel, route: 'eval' })
  const response = await chatbot.fetch(
    new Request(`http://localhost${chatbot.config.base}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookie, 'x-csrf-token': client.csrfToken },
      body: JSON.stringify({ signed_context: envelope, message: question }),
    }),
  )
  const observed: TurnObservation = { reply: '', sources: [], citations: [], tools: [] }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } }
    return { ...observed, error: { code: body.error?.code ?? `http_${response.status}`, message: body.error?.message ?? `HTTP ${response.status}` } }
  }
  for await (const { event } of readEvents(response.body)) {
    if (event.type === 'token') observed.reply += event.content
    else if (event.type === 'sources') observed.sources = event.sources
    else if (event.type === 'tool_started') observed.tools.push(event.name)
    else if (event.type === 'tool_approval_required') observed.tools.push(...event.calls.map((call) => call.name))
    else if (event.type === 'done') observed.citations = event.citations ?? []
    else if (event.type === 'error') observed.error = { code: event.code, message: event.message }
  }
  return observed
}
