import type { Attributes } from '@opentelemetry/api'
import type { ResolvedConfig } from '../config/index.js'

/** The span attributes we set, as named by the OpenTelemetry GenAI semantic conventions. */
export const ATTR = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  conversationId: 'gen_ai.conversation.id',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
  serverAddress: 'server.address',
  serverPort: 'server.port',
} as const

// The client speaks the OpenAI chat-completions API whoever serves it; the conventions use the
// provider name as that format's discriminator, and `server.address` tells the hosts apart.
const PROVIDER = 'openai'

const byConfig = new WeakMap<ResolvedConfig, Map<string, Attributes>>()

/**
 * What a `chat` span starts with (samplers read these at creation), built once per model and
 * shared by every turn: starting a span allocates no attributes of its own.
 */
export function chatStartAttributes(config: ResolvedConfig, model: string): Attributes {
  let byModel = byConfig.get(config)
  if (!byModel) byConfig.set(config, (byModel = new Map()))
  let attributes = byModel.get(model)
  if (!attributes) {
    attributes = Object.freeze({ [ATTR.operation]: 'chat', [ATTR.provider]: PROVIDER, [ATTR.requestModel]: model, ...server(config.baseUrl) })
    byModel.set(model, attributes)
  }
  return attributes
}

/** `baseUrl` was checked to be an absolute URL when the config was resolved. */
function server(baseUrl: string): Attributes {
  const url = new URL(baseUrl)
  const port = url.port === '' ? (url.protocol === 'http:' ? 80 : 443) : Number(url.port)
  return { [ATTR.serverAddress]: url.hostname, [ATTR.serverPort]: port }
}
