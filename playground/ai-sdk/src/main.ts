import './lib/no-eval.js'
import { mount } from 'svelte'
import { Chat } from '@ai-sdk/svelte'
import { createChatbotTransport, type ChatbotUIMessage } from 'chatbot-kit/ai-sdk'
import App from './App.svelte'
import { greetingMessage } from './lib/greeting.js'
import { storeConversationId, storedConversationId } from './lib/conversation-id.js'
import { readPageEnvelope } from './lib/page-data.js'
import './app.css'

const envelope = readPageEnvelope()
const channel = envelope.channel

// The CSRF header (under the `web` middleware) comes from the page's <meta name="csrf-token">,
// which the transport reads by default.
const transportFor = (conversationId: string | undefined) =>
  createChatbotTransport({
    base: envelope.base,
    signedContext: envelope.signedContext,
    conversationId,
    onConversationId: (id) => storeConversationId(channel, id),
  })

let transport = transportFor(storedConversationId(channel))
let messages: ChatbotUIMessage[] = []
let notice = ''
try {
  messages = await transport.loadMessages()
} catch (error) {
  // A conversation that is gone (pruned, another browser's) starts over rather than failing forever.
  storeConversationId(channel, undefined)
  transport = transportFor(undefined)
  notice = `The previous conversation could not be loaded (${error instanceof Error ? error.message : String(error)}); this is a new one.`
}

if (messages.length === 0) messages = greetingMessage(envelope.signedContext)

const chat = new Chat<ChatbotUIMessage>({ transport, messages })
// A reply still streaming when the page loaded (a reload mid-reply, another tab) is followed live.
if (messages.at(-1)?.metadata?.status === 'streaming') void chat.resumeStream()

mount(App, { target: document.getElementById('app')!, props: { chat, transport, channel, notice } })
