import type { ChatbotChunk, createChunkMapper } from './chunks.js'
import { followReply, type FollowOptions } from './follow.js'

export interface ReplyStreamOptions {
  body: ReadableStream<Uint8Array>
  mapper: ReturnType<typeof createChunkMapper>
  resume: FollowOptions['resume']
  /** The chat's signal: `chat.stop()` aborts it. */
  stopSignal: AbortSignal | undefined
  /** Aborts our own requests (the stream's read, its reconnects). */
  requests: AbortController
  /** `POST …/stop`, best effort. */
  stop(): Promise<unknown>
}

/**
 * The reply as a stream of UI message chunks. The read runs on its own (not paced by the
 * reader), so that a stop can wait for the reply's first event: a stop sent before the reply
 * started would find nothing to stop, and the reply would run on unseen.
 */
export function createReplyStream(options: ReplyStreamOptions): ReadableStream<ChatbotChunk> {
  const { requests, stopSignal } = options
  let started = false
  let ended = false
  let stopping = false
  let cancelled = false

  const requestStop = () => {
    if (stopping || ended) return
    stopping = true
    options.stop().catch(() => {})
    requests.abort()
  }
  stopSignal?.addEventListener('abort', () => started && requestStop(), { once: true })

  return new ReadableStream<ChatbotChunk>({
    start(controller) {
      const emit = (chunk: ChatbotChunk) => void (cancelled || controller.enqueue(chunk))
      void (async () => {
        try {
          for await (const { event } of followReply(options.body, { resume: options.resume, signal: requests.signal })) {
            started = true
            if (event.type === 'done' || event.type === 'error') ended = true
            if (stopSignal?.aborted) {
              requestStop()
              break
            }
            for (const chunk of options.mapper.map(event)) emit(chunk)
          }
        } catch (error) {
          if (!requests.signal.aborted && !cancelled) return controller.error(error)
        }
        if (!cancelled) controller.close()
      })()
    },
    cancel() {
      cancelled = true
      // The chat stopped reading for another reason than a stop (it failed): close the connection.
      if (!stopSignal?.aborted) requests.abort()
    },
  })
}
