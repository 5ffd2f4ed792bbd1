import { flatten } from '@chatbot-kit/http'
import type { H3Event } from 'h3'
import type { ChannelSettings } from '../config/index.js'
import type { EnvelopePayload } from '../envelope/index.js'
import { ChatbotReplyStoppedException, type ChatbotException } from '../errors/index.js'
import type { Conversation } from '../storage/index.js'
import { RunningTokenCount } from '../text/running-count.js'
import type { ChatRequest, TokenUsage } from '@chatbot-kit/provider'
import type { StreamEvent } from './stream-events.js'
import type { ContextSection, Identity, ReplySource, Turn } from './types.js'

/** The concrete turn context; `send` is wired to the stream once it opens. */
export class TurnContext implements Turn {
  readonly id = flatten(crypto.randomUUID())
  readonly replyId = flatten(crypto.randomUUID())
  readonly identity: Identity
  readonly channel: string
  readonly routeName: string
  readonly controller = new AbortController()
  readonly state: Record<string, unknown> = {}
  explainFailure?: (error: ChatbotException) => ChatbotException
  sections: ContextSection[] = []
  systemPrompt = ''
  contextHash = ''
  inputTokens = 0
  request: ChatRequest
  text = ''
  readonly textCount = new RunningTokenCount()
  usage: TokenUsage = { inputTokens: 0, outputTokens: 0 }
  finishReason = 'stop'
  toolCalls = 0
  sources: ReplySource[] = []
  continuation = false
  /** Set by `pause`: the finish reason the turn ends with before its next round. */
  pausedWith: string | undefined
  sink: ((event: StreamEvent) => void) | undefined

  constructor(
    readonly event: H3Event,
    readonly envelope: EnvelopePayload,
    readonly settings: ChannelSettings,
    readonly message: string,
    readonly clientExtractors: Record<string, string>,
    public conversation: Conversation,
  ) {
    this.identity = envelope.uid !== undefined ? { userId: envelope.uid } : { guestId: envelope.gid! }
    this.channel = envelope.channel
    this.routeName = envelope.route
    this.request = { model: settings.model, messages: [] }
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  send(event: StreamEvent): void {
    if (!this.sink) throw new Error('The stream is not open yet: send events from turn:prompt or later.')
    this.sink(event)
  }

  pause(finishReason: string): void {
    this.pausedWith ??= finishReason
  }

  stop(): void {
    if (!this.controller.signal.aborted) this.controller.abort(new ChatbotReplyStoppedException())
  }
}
