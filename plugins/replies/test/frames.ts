/** One event of a reply stream as it went over the wire. */
export interface Frame {
  /** The frame exactly as received, `id: …\ndata: …\n\n`. */
  raw: string
  id: string
  seq: number
  event: { type: string } & Record<string, unknown>
}

/** The complete frames of a stream's text, keep-alive comments left out. */
export function parseFrames(text: string): Frame[] {
  const frames: Frame[] = []
  for (const match of text.matchAll(/id: ([^\n]*)\ndata: ([^\n]*)\n\n/g)) {
    const id = match[1]!
    frames.push({ raw: match[0], id, seq: Number(id.split(':')[1]), event: JSON.parse(match[2]!) })
  }
  return frames
}

/** The text of a reply: its token events, joined. */
export const textOf = (frames: Frame[]): string =>
  frames
    .filter((frame) => frame.event.type === 'token')
    .map((frame) => frame.event.content as string)
    .join('')

/** The frames of a stream, keep-alive comments left out, byte for byte. */
export const wireOf = (frames: Frame[]): string => frames.map((frame) => frame.raw).join('')

/**
 * Reads a streamed response until it ends, calling `enough` with the frames so far at each read;
 * once it says so, `abort` (when given) drops the connection, as a browser that goes away does.
 * Returns everything received.
 */
export async function readStream(response: Response, enough?: (frames: Frame[]) => boolean, abort?: AbortController): Promise<{ text: string; frames: Frame[] }> {
  const decoder = new TextDecoder()
  let text = ''
  try {
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(bytes, { stream: true })
      if (enough?.(parseFrames(text)) && abort) {
        abort.abort()
        break
      }
    }
  } catch (error) {
    if (!abort?.signal.aborted) throw error
  }
  return { text, frames: parseFrames(text) }
}
