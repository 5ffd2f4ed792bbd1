import { createDatabase, type StoredMessage } from '@chatbot-kit/kernel'
import { findConversationByPublicId, listMessages } from '@chatbot-kit/kernel/plugin'
import type { DemoReply, DemoRequest } from '@chatbot-kit/demo-provider'
import { sseEvents } from '@chatbot-kit/test-utils'

type StreamEvent = { type: string } & Record<string, unknown>

/** Shutdown tests: a reply of `words` one-token words, a word every `delayMs`. */
export const paced = (words: number, delayMs: number): DemoReply => ({ chunks: Array.from({ length: words }, (_, index) => `w${index} `), tokenDelayMs: delayMs })

/** A responder picking the reply by the user's message (`quick …` or `slow …`), whatever the order of arrival. */
export function replyByMessage(replies: Record<'quick' | 'slow', DemoReply>) {
  return (request: DemoRequest): DemoReply => {
    const last = request.messages.findLast((message) => message.role === 'user')
    return String(last?.content ?? '').startsWith('quick') ? replies.quick : replies.slow
  }
}

/** A reply stream read in the background: `started` at its first token, `ended` with every event. */
export function follow(response: Response) {
  let onToken: () => void = () => {}
  const started = new Promise<void>((resolve) => (onToken = resolve))
  const ended = (async () => {
    const events: StreamEvent[] = []
    for await (const item of sseEvents<StreamEvent>(response)) {
      if (item.kind !== 'data') continue
      events.push(item.data)
      if (item.data.type === 'token') onToken()
    }
    return events
  })()
  return {
    conversationId: response.headers.get('x-chatbot-conversation-id')!,
    // A stream that ends (or breaks) before its first token must not leave the test waiting.
    started: Promise.race([started, ended.then(() => {})]),
    ended,
  }
}

/** The text a client was sent. */
export const streamedText = (events: StreamEvent[]) => events.filter((event) => event.type === 'token').map((event) => event.content).join('')

/** Each conversation's stored messages, read from the database once the chatbot closed it. */
export async function storedMessages(database: string, conversationIds: string[]): Promise<StoredMessage[][]> {
  const { db, close } = await createDatabase(database)
  try {
    return await Promise.all(
      conversationIds.map(async (publicId) => listMessages(db, (await findConversationByPublicId(db, publicId))!.id)),
    )
  } finally {
    await close()
  }
}
