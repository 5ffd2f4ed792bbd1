export { createDemoProvider } from './server.js'
export { createDefaultResponder } from './responder.js'
export type { EmbeddingsRequest } from './embeddings.js'
export type {
  DemoApi,
  DemoMessage,
  DemoProvider,
  DemoProviderOptions,
  DemoReply,
  DemoRequest,
  DemoResponder,
  DemoTool,
  RecordedRequest,
} from './types.js'
