/** One item of an SSE stream: a dispatched event, or a comment line such as `: keep-alive`. */
export type SseItem<T = SseData> =
  | { kind: 'data'; data: T; raw: string; event?: string; id?: string }
  | { kind: 'comment'; text: string }

/** A JSON event object; `data` that is not JSON (like `[DONE]`) comes through as the raw string. */
export type SseData = Record<string, unknown>

/**
 * Yields each SSE event as it arrives (spec parsing: LF, CRLF or CR line ends, multi-line `data`,
 * dispatch at the blank line). Throws on a non-2xx or non-`text/event-stream` response, and when
 * the stream ends in the middle of an event.
 */
export async function* sseEvents<T = SseData>(response: Response): AsyncGenerator<SseItem<T>, void, undefined> {
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
    throw new Error(`Expected an event stream, got ${response.status} ${type}: ${(await response.text()).slice(0, 500)}`)
  }
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  let event: string | undefined
  let id: string | undefined

  function* line(text: string): Generator<SseItem<T>> {
    if (text === '') {
      if (data.length > 0) {
        const raw = data.join('\n')
        yield { kind: 'data', data: parse(raw) as T, raw, ...(event ? { event } : {}), ...(id ? { id } : {}) }
      }
      data = []
      event = undefined
      return
    }
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    const value = colon === -1 ? '' : text.slice(text[colon + 1] === ' ' ? colon + 2 : colon + 1)
    if (field === '') yield { kind: 'comment', text: value }
    else if (field === 'data') data.push(value)
    else if (field === 'event') event = value
    else if (field === 'id') id = value
  }

  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true })
    // A trailing CR may be the first half of a CRLF: keep it until the next chunk.
    const lines = buffer.split(/\r\n|\r(?!$)|\n/)
    buffer = lines.pop()!
    for (const text of lines) yield* line(text)
  }
  buffer += decoder.decode()
  if (buffer.endsWith('\r')) yield* line(buffer.slice(0, -1))
  else if (buffer !== '') data.push(buffer)
  if (data.length > 0) throw new Error(`The event stream ended inside an event: ${JSON.stringify(data.join('\n'))}`)
}

/** Reads the whole stream and returns the `data` of every event, in order. */
export async function readSse<T = SseData>(response: Response): Promise<T[]> {
  const events: T[] = []
  for await (const item of sseEvents<T>(response)) if (item.kind === 'data') events.push(item.data)
  return events
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}
