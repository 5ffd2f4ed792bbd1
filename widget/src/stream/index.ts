// `@chatbot-kit/widget/stream`: the client side of the reply stream, shared by the widget and
// `chatbot-kit/ai-sdk` (built apart from the widget bundle by tsconfig.stream.json).
export { sseFrames, readSse, type SseFrame } from './sse.js'
export { parseEvent } from './events.js'
export { placeOf, type EventPlace } from './event-id.js'
export { backoffDelay, RECONNECT_WINDOW_MS, sleep } from './backoff.js'
