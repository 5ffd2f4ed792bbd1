export { listen, type FetchHandler, type Listener, type ListenOptions } from './listen.js'
export { postJson } from './post-json.js'
export { readSse, sseEvents, type SseData, type SseItem } from './sse.js'
