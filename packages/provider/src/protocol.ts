import { createCompletionAccumulator, type CompletionAccumulator } from './completion-accumulator.js'
import { createResponsesAccumulator } from './responses-accumulator.js'
import { toResponsesBody } from './responses-request.js'
import type { ChatRequest, ProviderApi, TextDeltaHandler } from './types.js'

/**
 * How one provider API is spoken: where the request goes, its body, and how its event stream is
 * read. The two APIs differ only here; transports, retries, failures and the SSE decoder are shared.
 * The client picks one when it is made, so nothing per token asks which.
 */
export interface ProviderProtocol {
  /** Appended to the base URL. */
  path: string
  /** The streaming request's JSON body. */
  body(request: ChatRequest): string
  /** A fresh reader for one attempt's event stream. */
  reader(onText: TextDeltaHandler): CompletionAccumulator
}

export const PROVIDER_PROTOCOLS: Readonly<Record<ProviderApi, ProviderProtocol>> = {
  chat: {
    path: '/chat/completions',
    body: (request) => JSON.stringify({ ...request, stream: true, stream_options: { include_usage: true } }),
    reader: createCompletionAccumulator,
  },
  responses: {
    path: '/responses',
    body: (request) => JSON.stringify(toResponsesBody(request)),
    reader: createResponsesAccumulator,
  },
}
