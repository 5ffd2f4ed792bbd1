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

/** One SSE event with its id, `<message_id>:<seq>`, as a 1.1 server writes every event of a reply. */
export const frame = (messageId: string, seq: number, event: object): string => `id: ${messageId}:${seq}\n${sse(event)}`

/** The start of a reply: its `context_summary`, which names it. */
export const summary = (messageId: string) => frame(messageId, 1, { type: 'context_summary', sections: [], context_hash: 'h', message_id: messageId })

/** A reply's `done` at `seq`. */
export const doneFrame = (messageId: string, seq: number, finishReason = 'stop', conversationId = 'conv-1') =>
  frame(messageId, seq, { type: 'done', conversation_id: conversationId, message_id: messageId, finish_reason: finishReason, usage: { input_tokens: 1, output_tokens: 2 }, citations: [] })
