import { lastAssistantMessageIsCompleteWithApprovalResponses, type DynamicToolUIPart } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChatbotTransportError, createChatbotTransport, type ChatbotUIMessage } from '../src/ai-sdk/index.js'
import { createChat, startAiSdkServer, textOf, until, type AiSdkServer } from './ai-sdk-setup.js'

// The AI SDK's own `Chat` (its framework-agnostic core) driven against a real chatbot server
// through `chatbot-kit/ai-sdk`'s transport.

const toolParts = (message: ChatbotUIMessage | undefined) => (message?.parts ?? []).filter((part): part is DynamicToolUIPart => part.type === 'dynamic-tool')
const dataPart = <T extends string>(message: ChatbotUIMessage | undefined, type: T) => message?.parts.find((part) => part.type === type) as { id?: string; data: never } | undefined

describe('chatbot-kit/ai-sdk with the AI SDK Chat', () => {
  let s: AiSdkServer
  beforeAll(async () => {
    s = await startAiSdkServer()
  })
  afterAll(async () => {
    await s?.close()
  })

  const transportFor = (options: { base?: string; conversationId?: string } = {}) =>
    createChatbotTransport({ base: options.base ?? s.base, signedContext: () => s.envelope(), ...(options.conversationId ? { conversationId: options.conversationId } : {}) })

  it('streams a reply into an assistant message: our reply id, text, context summary and usage', async () => {
    const seen: (string | undefined)[] = []
    const transport = createChatbotTransport({ base: s.base, signedContext: s.envelope(), onConversationId: (id) => seen.push(id) })
    const chat = createChat<ChatbotUIMessage>({ transport })
    s.provider.script({ text: 'Your order 1042 shipped on Monday.' })
    await chat.sendMessage({ text: 'Where is my order?' })

    expect(chat.status).toBe('ready')
    expect(chat.error).toBeUndefined()
    const [user, reply] = chat.messages
    expect(textOf(user)).toBe('Where is my order?')
    expect(textOf(reply)).toBe('Your order 1042 shipped on Monday.')
    expect(transport.conversationId).toMatch(/^[0-9a-f-]{36}$/)
    expect(seen).toEqual([transport.conversationId])
    expect(reply!.metadata).toMatchObject({ messageId: reply!.id, conversationId: transport.conversationId, finishReason: 'stop' })
    expect(reply!.metadata!.usage!.outputTokens).toBeGreaterThan(0)
    expect(dataPart(reply, 'data-context-summary')).toMatchObject({ id: reply!.id, data: { messageId: reply!.id, contextHash: expect.stringMatching(/^[0-9a-f]{64}$/) } })

    // The UI message's id is the stored reply's public id.
    const history = await transport.loadMessages()
    expect(history.map((message) => [message.id, message.role, textOf(message)])).toEqual([
      [expect.any(String), 'user', 'Where is my order?'],
      [reply!.id, 'assistant', 'Your order 1042 shipped on Monday.'],
    ])
  })

  it('shows a tool call with the output of a clientVisible tool, and the text after it as its own part', async () => {
    const chat = createChat<ChatbotUIMessage>({ transport: transportFor() })
    s.provider.script({ toolCalls: [{ id: 'call_1', name: 'order_status', arguments: { order: '1042' } }] }, { text: 'It shipped.' })
    await chat.sendMessage({ text: 'Status of 1042?' })

    expect(chat.status).toBe('ready')
    const reply = chat.lastMessage
    expect(toolParts(reply)).toEqual([
      expect.objectContaining({ type: 'dynamic-tool', toolCallId: 'call_1', toolName: 'order_status', state: 'output-available', input: { order: '1042' } }),
    ])
    expect(JSON.parse(toolParts(reply)[0]!.output as string)).toEqual({ order: '1042', status: 'shipped' })
    expect(reply!.parts.filter((part) => part.type !== 'data-context-summary').map((part) => part.type)).toEqual(['dynamic-tool', 'text'])
    expect(textOf(reply)).toBe('It shipped.')
  })

  it('surfaces an approval request as a data part and tool parts; approving streams the continuation into the same message', async () => {
    const chat = createChat<ChatbotUIMessage>({ transport: transportFor(), sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses })
    s.provider.script({ text: 'One moment.', toolCalls: [{ id: 'call_r', name: 'refund', arguments: { order: 'A1' } }] }, { text: 'Refunded.' })
    await chat.sendMessage({ text: 'Refund A1 please' })

    const paused = chat.lastMessage
    expect(paused!.metadata!.finishReason).toBe('approval_required')
    const approval = dataPart(paused, 'data-approval') as unknown as { id: string; data: { approvalId: string; calls: unknown[]; status: string; expiresAt: string } }
    expect(approval.data).toMatchObject({ approvalId: approval.id, calls: [{ callId: 'call_r', toolName: 'refund', input: { order: 'A1' } }], status: 'pending' })
    const [call] = toolParts(paused)
    expect(call).toMatchObject({ toolCallId: 'call_r', state: 'approval-requested', approval: { id: `${approval.id}:call_r` } })
    expect(s.refunds).toEqual([])

    // The AI SDK's own flow: answer the call, and the chat sends by itself.
    const messagesBefore = chat.messages.length
    await chat.addToolApprovalResponse({ id: call!.approval!.id, approved: true })
    await until(() => chat.status === 'ready' && textOf(chat.lastMessage).includes('Refunded.'), 'the continuation')

    expect(s.refunds).toEqual([{ order: 'A1' }])
    expect(chat.messages).toHaveLength(messagesBefore)
    const continued = chat.lastMessage
    expect(continued!.id).toBe(paused!.id)
    expect(textOf(continued)).toBe('One moment.Refunded.')
    expect(toolParts(continued)[0]).toMatchObject({ toolCallId: 'call_r', state: 'output-available' })
    expect((dataPart(continued, 'data-approval') as unknown as { data: { status: string } }).data.status).toBe('decided')
    expect(continued!.metadata!.messageId).not.toBe(paused!.id)
  })

  it('loads a paused conversation from history, and transport.decide() denies it', async () => {
    const firstTransport = transportFor()
    s.provider.script({ toolCalls: [{ id: 'call_d', name: 'refund', arguments: { order: 'B2' } }] }, { text: 'Understood, no refund.' })
    await createChat<ChatbotUIMessage>({ transport: firstTransport }).sendMessage({ text: 'Refund B2' })
    const conversationId = firstTransport.conversationId!

    // A reload: a new transport and chat from the history.
    const transport = transportFor({ conversationId })
    const messages = await transport.loadMessages()
    const last = messages.at(-1)
    expect(toolParts(last)).toEqual([expect.objectContaining({ toolCallId: 'call_d', toolName: 'refund', state: 'approval-requested', input: { order: 'B2' } })])
    const approval = dataPart(last, 'data-approval') as unknown as { id: string; data: { status: string } }
    expect(approval.data.status).toBe('pending')

    const chat = createChat<ChatbotUIMessage>({ transport, messages })
    await transport.decide(approval.id, 'deny', { comment: 'not this one' })
    await chat.sendMessage()
    expect(chat.status).toBe('ready')
    expect(toolParts(chat.lastMessage)[0]).toMatchObject({ toolCallId: 'call_d', state: 'output-denied' })
    expect(textOf(chat.lastMessage)).toBe('Understood, no refund.')
    expect(s.refunds).not.toContainEqual({ order: 'B2' })
  })

  it('loads the history into the initial messages and continues that conversation', async () => {
    const first = createChatbotTransport({ base: s.base, signedContext: s.envelope() })
    s.provider.script({ text: 'First answer.' })
    await createChat<ChatbotUIMessage>({ transport: first }).sendMessage({ text: 'First question' })

    const transport = transportFor({ conversationId: first.conversationId! })
    const messages = await transport.loadMessages()
    expect(messages.map((message) => [message.role, textOf(message), message.metadata?.status])).toEqual([
      ['user', 'First question', 'complete'],
      ['assistant', 'First answer.', 'complete'],
    ])
    const chat = createChat<ChatbotUIMessage>({ transport, messages })
    s.provider.script({ text: 'Second answer.' })
    await chat.sendMessage({ text: 'Second question' })
    expect(chat.messages.map(textOf)).toEqual(['First question', 'First answer.', 'Second question', 'Second answer.'])
    expect(transport.conversationId).toBe(first.conversationId)
    // The model saw the earlier turn: it is one conversation on the server.
    const sent = s.provider.requests.at(-1)!.body.messages.map((message) => message.content)
    expect(sent).toContain('First question')

    expect(await transportFor().loadMessages()).toEqual([])
  })

  it('resumes a reply whose connection dropped, without repeating or losing text', async () => {
    const words = Array.from({ length: 40 }, (_, index) => `w${index}`)
    const full = words.join(' ')
    const chat = createChat<ChatbotUIMessage>({ transport: transportFor({ base: s.proxiedBase }) })
    s.provider.script({ text: full, tokenDelayMs: 25 })
    const connectionsBefore = s.proxy.connections
    const sending = chat.sendMessage({ text: 'Talk for a while' })
    await until(() => textOf(chat.lastMessage).includes('w3 '), 'the first words')
    s.proxy.cut()
    await sending

    expect(chat.error).toBeUndefined()
    expect(chat.status).toBe('ready')
    expect(textOf(chat.lastMessage)).toBe(full)
    expect(chat.lastMessage!.metadata!.finishReason).toBe('stop')
    // The POST, then at least one resume through the proxy.
    expect(s.proxy.connections - connectionsBefore).toBeGreaterThanOrEqual(2)
  })

  it('stops a reply through the stop route: the chat keeps what arrived, the history shows it incomplete', async () => {
    const transport = transportFor()
    const chat = createChat<ChatbotUIMessage>({ transport })
    s.provider.script({ text: Array.from({ length: 200 }, (_, index) => `s${index}`).join(' '), tokenDelayMs: 20 })
    const sending = chat.sendMessage({ text: 'Talk until I stop you' })
    await until(() => textOf(chat.lastMessage).includes('s2 '), 'the first words')
    await chat.stop()
    await sending
    expect(chat.status).toBe('ready')
    const shown = textOf(chat.lastMessage)
    expect(shown).toMatch(/^s0 s1 s2 /)

    let stored: ChatbotUIMessage | undefined
    await until(async () => {
      stored = (await transport.loadMessages()).at(-1)
      return stored?.metadata?.status === 'incomplete'
    }, 'the stopped reply in the history')
    expect(stored!.id).toBe(chat.lastMessage!.id)
    expect(textOf(stored)).toMatch(/^s0 s1 s2 /)
    expect(textOf(stored).length).toBeLessThan(200 * 4)
  })

  it('shows a stream error in chat.error and the message metadata', async () => {
    const chat = createChat<ChatbotUIMessage>({ transport: transportFor() })
    s.provider.script({ status: 400 })
    await chat.sendMessage({ text: 'This fails' })
    expect(chat.status).toBe('error')
    expect(chat.error!.message).toMatch(/provider/i)
    expect(chat.error!.message).not.toMatch(/\n\s+at /)
    expect(chat.lastMessage!.metadata!.error).toMatchObject({ code: 'provider_error', retryable: false })
  })

  it('shows a refused request (a bad envelope) as a ChatbotTransportError with our code and status', async () => {
    const chat = createChat<ChatbotUIMessage>({ transport: createChatbotTransport({ base: s.base, signedContext: 'not-an-envelope' }) })
    await chat.sendMessage({ text: 'hello' })
    expect(chat.status).toBe('error')
    expect(ChatbotTransportError.isInstance(chat.error)).toBe(true)
    expect(chat.error).toMatchObject({ code: 'invalid_envelope', status: 403, retryable: false })
    expect(chat.messages.map((message) => message.role)).toEqual(['user'])
  })
})

describe('chatbot-kit/ai-sdk when the throttle refuses', () => {
  it('shows the 429 with its code and Retry-After', async () => {
    const s = await startAiSdkServer({ throttle: { perMinute: 1, perDay: 100 } })
    try {
      const chat = createChat<ChatbotUIMessage>({ transport: createChatbotTransport({ base: s.base, signedContext: () => s.envelope() }) })
      s.provider.script({ text: 'First.' })
      await chat.sendMessage({ text: 'one' })
      expect(textOf(chat.lastMessage)).toBe('First.')
      await chat.sendMessage({ text: 'two' })
      expect(chat.status).toBe('error')
      expect(chat.error).toMatchObject({ code: 'throttled', status: 429, retryable: true })
      expect((chat.error as ChatbotTransportError).retryAfter).toBeGreaterThan(0)
    } finally {
      await s.close()
    }
  })
})
