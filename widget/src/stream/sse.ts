/**
 * An incremental parser for `text/event-stream`, after the WHATWG rules the widget needs:
 * lines end in LF, CRLF or CR; `data:` lines of one event join with LF; a blank line
 * dispatches; comment lines (`: keep-alive`) and other fields are ignored; a trailing event
 * without its blank line is dropped, as the standard says.
 */
export function createSseParser(onData: (data: string) => void) {
  let buffer = ''
  let data: string[] = []
  // A chunk may end between CR and LF: remember it so the LF is not read as a blank line.
  let lastWasCr = false

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onData(data.join('\n'))
      data = []
      return
    }
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    if (field !== 'data') return
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    data.push(value)
  }

  return {
    push(chunk: string): void {
      let text = chunk
      if (lastWasCr && text.startsWith('\n')) text = text.slice(1)
      lastWasCr = false
      buffer += text
      let start = 0
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i]
        if (char !== '\n' && char !== '\r') continue
        line(buffer.slice(start, i))
        if (char === '\r') {
          if (i + 1 === buffer.length) lastWasCr = true
          else if (buffer[i + 1] === '\n') i++
        }
        start = i + 1
      }
      buffer = buffer.slice(start)
    },
  }
}

/**
 * Reads an SSE body to its end, calling `onData` with each event's data as it completes.
 * `TextDecoder` in stream mode keeps a character split across chunks whole.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const parser = createSseParser(onData)
  const decoder = new TextDecoder()
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.push(decoder.decode(value, { stream: true }))
    }
    parser.push(decoder.decode())
  } finally {
    reader.releaseLock()
  }
}
