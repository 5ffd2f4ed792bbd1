import type { ChatTransport, UIMessage } from 'ai'
import { decidedInMessage, recordedDecision, type DecidedApproval } from './approvals.js'
import { createChunkMapper, type ChatbotChunk } from './chunks.js'
import { ChatbotTransportError } from './errors.js'
import { toUIMessages, type HistoryBody } from './history.js'
import { createReplyStream } from './reply-stream.js'
import { createRequests, expectOk } from './requests.js'
import type { ApprovalDecision, ChatbotDataParts, ChatbotTransportOptions, ChatbotUIMessage } from './types.js'

/** A `ChatTransport` for the AI SDK's `Chat` / `useChat`, talking to chatbot-kit's routes. */
export interface ChatbotTransport<UI_MESSAGE extends UIMessage = ChatbotUIMessage> extends ChatTransport<UI_MESSAGE> {
  /** The conversation the chat talks in: the one given, or the one the first reply started. */
  readonly conversationId: string | undefined
  /** `chat.resumeStream()` replays the reply in progress from its start (the chat rebuilds the message). */
  readonly resumeStreamIsReplay: true
  /** The conversation's history as UI messages, for `new Chat({ messages })`; `[]` without a conversation (or for one that is gone). */
  loadMessages(): Promise<UI_MESSAGE[]>
  /**
   * Records a decision on a paused round (the `data-approval` part's `approvalId`); the next
   * `chat.sendMessage()` with no message sends it and streams the continued turn.
   */
  decide(approvalId: string, decision: ApprovalDecision, options?: { comment?: string }): Promise<void>
}

const CONVERSATION_HEADER = 'x-chatbot-conversation-id'

/**
 * Creates the transport: `useChat({ transport: createChatbotTransport({ signedContext }) })`.
 * See docs/ai-sdk.md.
 */
export function createChatbotTransport<UI_MESSAGE extends UIMessage = ChatbotUIMessage>(options: ChatbotTransportOptions): ChatbotTransport<UI_MESSAGE> {
  const requests = createRequests(options)
  let conversationId = options.conversationId
  let recorded: DecidedApproval | undefined

  const learn = (id: string | null | undefined) => {
    if (!id || id === conversationId) return
    conversationId = id
    options.onConversationId?.(id)
  }
  const conversationPath = (suffix: string) => `/conversations/${encodeURIComponent(conversationId!)}${suffix}`
  const resume = async (lastEventId: string | undefined, signal: AbortSignal, headers?: HeadersInit): Promise<Response | null> => {
    const extra = new Headers(headers)
    if (lastEventId) extra.set('Last-Event-ID', lastEventId)
    const response = await requests.get(conversationPath('/stream'), { headers: extra, signal })
    return response.status === 204 ? null : expectOk(response)
  }
  // Our chunks fit any `UI_MESSAGE` the caller picked (its metadata and data parts are ours): hence the cast.
  const stream = (response: Response, mapper: ReturnType<typeof createChunkMapper>, stopSignal: AbortSignal | undefined, own: AbortController, headers?: HeadersInit) =>
    createReplyStream({
      body: response.body!,
      mapper,
      resume: (lastEventId, signal) => resume(lastEventId, signal, headers),
      stopSignal,
      requests: own,
      stop: () => requests.post(conversationPath('/stop'), {}, { headers }),
    }) as ReadableStream<never>

  return {
    get conversationId() {
      return conversationId
    },
    resumeStreamIsReplay: true,

    async sendMessages({ messages, abortSignal, headers, body }) {
      const last = messages.at(-1)
      const own = new AbortController()
      let response: Response
      let mapper: ReturnType<typeof createChunkMapper>
      if (last?.role === 'user') {
        // A new message, or `chat.regenerate()`: the last user message is sent (again).
        const message = textOf(last)
        if (message.trim() === '') throw nothingToSend('The last user message has no text; only text is sent.')
        response = await requests.post('/messages', { ...body, message, ...(conversationId ? { conversation_id: conversationId } : {}) }, { headers, signal: own.signal })
        mapper = createChunkMapper({ conversationId: () => conversationId })
      } else {
        const decided = recorded ?? decidedInMessage(last)
        if (!decided || !conversationId) throw nothingToSend('There is no new user message and no decided approval to send.')
        const payload = { ...body, ...decided.body, ...(decided.comment ? { comment: decided.comment } : {}) }
        response = await requests.post(conversationPath(`/approvals/${encodeURIComponent(decided.approvalId)}`), payload, { headers, signal: own.signal })
        // A refusal that a retry cannot change (409 decided, 410 expired) drops the recorded decision.
        if (response.status !== 429 && response.status < 500) recorded = undefined
        mapper = createChunkMapper({
          conversationId: () => conversationId,
          continues: last?.role === 'assistant',
          knownToolCalls: toolCallIds(last),
          afterStart: decidedApprovalPart(last, decided.approvalId),
        })
      }
      await expectOk(response)
      learn(response.headers.get(CONVERSATION_HEADER))
      if (!response.body) throw new ChatbotTransportError('The chatbot server answered without a stream.', { code: 'bad_response', retryable: true })
      return stream(response, mapper, abortSignal, own, headers)
    },

    async reconnectToStream({ abortSignal, headers }) {
      if (!conversationId) return null
      const own = new AbortController()
      const response = await resume(undefined, own.signal, headers)
      if (!response?.body) return null
      return stream(response, createChunkMapper({ conversationId: () => conversationId }), abortSignal, own, headers)
    },

    async loadMessages() {
      if (!conversationId) return []
      const response = await requests.get(conversationPath('/messages'))
      // A conversation that is gone (pruned, another database): start a new one.
      if (response.status === 404) {
        conversationId = undefined
        options.onConversationId?.(undefined)
        return []
      }
      await expectOk(response)
      return toUIMessages((await response.json()) as HistoryBody) as unknown as UI_MESSAGE[]
    },

    async decide(approvalId, decision, decideOptions = {}) {
      recorded = recordedDecision(approvalId, decision, decideOptions.comment)
    },
  }
}

function textOf(message: UIMessage): string {
  return message.parts
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
    .map((part) => part.text)
    .join('\n')
}

function toolCallIds(message: UIMessage | undefined): string[] {
  return (message?.parts ?? []).flatMap((part) => ('toolCallId' in part ? [part.toolCallId] : []))
}

/** The `data-approval` part of the continued message, marked decided (the chat updates it in place). */
function decidedApprovalPart(message: UIMessage | undefined, approvalId: string): ChatbotChunk[] {
  const part = message?.parts.find((candidate) => candidate.type === 'data-approval' && 'id' in candidate && candidate.id === approvalId)
  if (!part || !('data' in part)) return []
  return [{ type: 'data-approval', id: approvalId, data: { ...(part.data as ChatbotDataParts['approval']), status: 'decided' } }]
}

const nothingToSend = (message: string) => new ChatbotTransportError(message, { code: 'nothing_to_send' })
