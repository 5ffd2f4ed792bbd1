/** One event of a `text/event-stream`: its data and the last `id:` seen (`''` when none). */
export interface SseFrame {
  data: string
  id: string
}

/**
 * Yields each event of a `text/event-stream` body as it completes, following the WHATWG rules
 * the server's stream uses: lines end in LF or CRLF; `data:` lines of one event join with LF; a
 * blank line dispatches; the last `id:` seen goes with each event, as a browser's last event ID
 * does; comment lines (`: keep-alive`) and other fields are ignored; a trailing event without its
 * blank line is dropped. `TextDecoder` in stream mode keeps a character split across chunks
 * whole. Leaving early (the consumer breaks or throws) cancels the body, closing the connection;
 * so does an abort of `signal`, which ends the read even where an aborted fetch leaves its body
 * open. A failed read throws.
 */
export async function* sseFrames(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseFrame, void, undefined> {
  const decoder = new TextDecoder()
  const reader = body.getReader()
  const cancel = () => void reader.cancel().catch(() => {})
  signal?.addEventListener('abort', cancel)
  let buffer = ''
  let data: string[] = []
  let id = ''
  try {
    for (let done = false; !done; ) {
      const chunk = await reader.read()
      done = chunk.done
      const lines = (buffer + decoder.decode(chunk.value, { stream: !done })).split('\n')
      // The last piece has no line end yet: it waits for the next chunk.
      buffer = lines.pop()!
      for (const raw of lines) {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
        if (line === '') {
          const frame = data.length > 0 ? { data: data.join('\n'), id } : null
          data = []
          if (frame) yield frame
        } else if (line === 'data' || line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5))
        } else if (line.startsWith('id:')) {
          id = line.slice(line.startsWith('id: ') ? 4 : 3)
        }
      }
    }
  } finally {
    cancel()
    // A reply that reconnects reads many bodies under one signal.
    signal?.removeEventListener('abort', cancel)
  }
}

/**
 * Reads a `text/event-stream` body to its end, calling `onData` with each event's data and id
 * as it completes (`sseFrames`, callback style). When `onData` throws, the body is cancelled and
 * the error goes up.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onData: (data: string, id: string) => void, signal?: AbortSignal): Promise<void> {
  for await (const { data, id } of sseFrames(body, signal)) onData(data, id)
}
