import type { SourceUrlUIPart } from 'ai'
import { definePlugin, type ReplySource, type Turn } from 'chatbot-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChatbotTransport, type ChatbotUIMessage } from '../src/ai-sdk/index.js'
import { createChat, startAiSdkServer, textOf, type AiSdkServer } from './ai-sdk-setup.js'

// The `sources` event as the AI SDK's `source-url` parts, streamed and from the history.

const SOURCES: ReplySource[] = [
  { id: 1, title: 'Return policy', url: 'https://shop.test/returns#policy', snippet: '30 days.', score: 0.9 },
  { id: 2, title: 'Internal note', url: null, snippet: 'No URL.', score: 0.7 },
  { id: 3, title: 'Shipping', url: 'https://shop.test/shipping', snippet: 'Two days.', score: 0.5 },
]
const offerSources = definePlugin({
  name: 'offer-sources',
  hooks: {
    'turn:context': (turn: Turn) => {
      if (turn.message.includes('return')) turn.sources = SOURCES
    },
  },
})
const sourceParts = (message: ChatbotUIMessage | undefined) => (message?.parts ?? []).filter((part): part is SourceUrlUIPart => part.type === 'source-url')

describe('chatbot-kit/ai-sdk: sources', () => {
  let s: AiSdkServer
  beforeAll(async () => {
    s = await startAiSdkServer({ plugins: [offerSources] })
  })
  afterAll(() => s?.close())

  it('maps sources to source-url parts before the text (those with a URL), and done.citations to metadata; the history gives the same', async () => {
    const transport = createChatbotTransport({ base: s.base, signedContext: () => s.envelope('reader') })
    const chat = createChat<ChatbotUIMessage>({ transport })
    s.provider.script({ text: 'Thirty days [1], shipped in two [3].' })
    await chat.sendMessage({ text: 'What is the return policy?' })

    const reply = chat.lastMessage
    const expected = [
      { type: 'source-url', sourceId: '1', url: 'https://shop.test/returns#policy', title: 'Return policy' },
      { type: 'source-url', sourceId: '3', url: 'https://shop.test/shipping', title: 'Shipping' },
    ]
    expect(sourceParts(reply)).toEqual(expected)
    expect(reply!.parts.filter((part) => part.type !== 'data-context-summary').map((part) => part.type)).toEqual(['source-url', 'source-url', 'text'])
    expect(textOf(reply)).toBe('Thirty days [1], shipped in two [3].')
    expect(reply!.metadata).toMatchObject({ citations: [1, 3] })

    const [, stored] = await transport.loadMessages()
    expect(stored!.parts).toEqual([...expected, { type: 'text', text: 'Thirty days [1], shipped in two [3].', state: 'done' }])
    expect(stored!.metadata).toMatchObject({ citations: [1, 3] })
  })

  it('a reply without sources has no source part and no citation', async () => {
    const chat = createChat<ChatbotUIMessage>({ transport: createChatbotTransport({ base: s.base, signedContext: () => s.envelope('other') }) })
    s.provider.script({ text: 'Hello [1].' })
    await chat.sendMessage({ text: 'hi' })
    expect(sourceParts(chat.lastMessage)).toEqual([])
    expect(chat.lastMessage!.metadata).toMatchObject({ citations: [] })
  })
})
