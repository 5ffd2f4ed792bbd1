/** One frame of a reply stream as the bytes went out: an event with its SSE id, or a comment. */
export type RawFrame = EventFrame | { kind: 'comment'; text: string }

export interface EventFrame {
  kind: 'event'
  /** `<message id>:<seq>`, as the `id:` line wrote it. */
  id: string
  messageId: string
  seq: number
  data: { type: string } & Record<string, unknown>
  /** The frame's exact text. */
  text: string
}

const EVENT = /^id: ([0-9a-f-]{36}):(\d+)\ndata: ([^\n]*)\n\n$/
const COMMENT = /^: [^\n]*\n\n$/

/**
 * Splits a whole stream body into its frames, checking each is exactly an `id:` line and one
 * `data:` line, or one comment line (test-utils' reader parses by the spec, which would let an
 * id carried over from an earlier event pass for this one's).
 */
export function rawFrames(body: string): RawFrame[] {
  const texts = body.split(/(?<=\n\n)/)
  return texts.map((text) => {
    if (COMMENT.test(text)) return { kind: 'comment', text }
    const match = EVENT.exec(text)
    if (!match) throw new Error(`Not an SSE frame with an id: ${JSON.stringify(text)}`)
    return { kind: 'event', id: `${match[1]}:${match[2]}`, messageId: match[1]!, seq: Number(match[2]), data: JSON.parse(match[3]!), text }
  })
}

/** The event frames of a body, without the comments. */
export const eventFrames = (body: string) => rawFrames(body).filter((frame): frame is EventFrame => frame.kind === 'event')
