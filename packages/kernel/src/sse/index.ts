export { SSE_HEADERS, SseStream } from './stream.js'
export { createKeepAlive, type KeepAlive } from './keep-alive.js'
export { openEventStream, type EventStream } from './event-stream.js'
