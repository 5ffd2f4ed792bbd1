const encoder = new TextEncoder()

/** A body that yields the given chunks (strings are UTF-8 encoded), then ends. */
export function bodyOf(...chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
      controller.close()
    },
  })
}

/** One SSE event as the server writes it. */
export const sse = (event: object): string => `data: ${JSON.stringify(event)}\n\n`

/** A 200 event-stream response. */
export function streamResponse(body: ReadableStream<Uint8Array>, conversationId?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'text/event-stream; charset=utf-8' }
  if (conversationId) headers['X-Chatbot-Conversation-Id'] = conversationId
  return new Response(body, { status: 200, headers })
}

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
