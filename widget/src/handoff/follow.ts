import type { StreamEvent } from '@chatbot-kit/kernel'
import { resumeReply } from '../api/requests.js'
import { backoffDelay, sleep } from '../stream/backoff.js'
import { sseFrames } from '../stream/sse.js'
import type { Session } from '../chat/types.js'
import type { FetchLike } from '../api/requests.js'

export interface HandoffFollowOptions {
  fetch: FetchLike
  session: Session
  conversationId: string
  signal: AbortSignal
  /** One handoff event; false for an event that is not one (the stream follows a reply, not a handoff). */
  onEvent: (event: StreamEvent) => boolean
}

/**
 * Follows `GET conversations/{id}/stream` while it carries the handoff: it stays open while the
 * conversation is `waiting` or `human` and ends after `handoff { state: "bot" }`. A drop
 * reconnects after its last event id, with backoff; a reply's stream (the conversation is back
 * with the bot) or nothing to follow (204) ends it.
 */
export async function followHandoff(options: HandoffFollowOptions): Promise<void> {
  let lastId = ''
  for (let attempt = 0; !options.signal.aborted; attempt++) {
    try {
      const body = await resumeReply({ fetch: options.fetch, endpoint: options.session.endpoint, token: options.session.token, conversationId: options.conversationId, signal: options.signal, lastEventId: lastId })
      if (!body) return
      for await (const frame of sseFrames(body, options.signal)) {
        const event = JSON.parse(frame.data) as StreamEvent
        if (!options.onEvent(event)) return
        lastId = frame.id
        attempt = 0
        if (event.type === 'handoff' && event.state === 'bot') return
      }
    } catch (error) {
      if (options.signal.aborted) return
      // A refusal (the envelope expired, the conversation is gone) is final; a network error is not.
      if ((error as { error?: { retryable?: boolean } }).error?.retryable === false) return
    }
    await sleep(backoffDelay(attempt), options.signal)
  }
}
