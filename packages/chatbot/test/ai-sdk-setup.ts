import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AbstractChat, type ChatInit, type ChatState, type UIMessage } from 'ai'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createTcpProxy, listenNode, type Listener, type TcpProxy } from '@chatbot-kit/test-utils'
import { createChatbot, defineTool, generateAppKey, type Chatbot, type ChatbotConfig } from 'chatbot-kit'

// The AI SDK's framework-agnostic `AbstractChat` with a plain state: what `@ai-sdk/react`,
// `/vue` and `/svelte` wrap in their own reactivity.
class NodeChat<M extends UIMessage> extends AbstractChat<M> {
  constructor(init: ChatInit<M>) {
    super({ ...init, state: createState(init.messages ?? []) })
  }
}

function createState<M extends UIMessage>(messages: M[]): ChatState<M> {
  return {
    status: 'ready',
    error: undefined,
    messages,
    pushMessage(message) {
      this.messages = [...this.messages, message]
    },
    popMessage() {
      this.messages = this.messages.slice(0, -1)
    },
    replaceMessage(index, message) {
      this.messages = this.messages.map((old, at) => (at === index ? message : old))
    },
    snapshot: (thing) => structuredClone(thing),
  }
}

export const createChat = <M extends UIMessage>(init: ChatInit<M>) => new NodeChat<M>(init)

/** The text parts of a message, joined. */
export const textOf = (message: UIMessage | undefined): string =>
  (message?.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')

/** Resolves once `check` holds (polled every 20 ms); fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export interface AiSdkServer {
  chatbot: Chatbot
  provider: DemoProvider
  /** `http://127.0.0.1:PORT/chatbot` straight to the server. */
  base: string
  /** The same through a TCP proxy whose connections a test can cut. */
  proxy: TcpProxy
  proxiedBase: string
  refunds: unknown[]
  envelope(userId?: string): string
  close(): Promise<void>
}

const orderParameters = { type: 'object', properties: { order: { type: 'string' } }, required: ['order'], additionalProperties: false }

/**
 * `createServer(chatbot.nodeHandler)` on loopback with the demo provider, no route middleware,
 * `order_status` (`clientVisible`) and `refund` (approval required).
 */
export async function startAiSdkServer(config: ChatbotConfig = {}): Promise<AiSdkServer> {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-ai-sdk-'))
  const provider = await createDemoProvider()
  const refunds: unknown[] = []
  const tools = [
    defineTool({ name: 'order_status', description: 'Order status', parameters: orderParameters, clientVisible: true, handler: ({ order }) => ({ order, status: 'shipped' }) }),
    defineTool({ name: 'refund', description: 'Refund an order', parameters: orderParameters, approval: 'required', handler: (args) => (refunds.push(args), { refunded: true }) }),
  ]
  const chatbot = await createChatbot(
    {
      appKey: generateAppKey(),
      database: join(dir, 'chatbot.sqlite'),
      baseUrl: provider.url,
      apiKey: 'test-key',
      routeMiddleware: [],
      throttle: { perMinute: 10_000, perDay: 100_000 },
      channels: { default: { allowedTools: ['order_status', 'refund'] } },
      tools: { definitions: tools },
      ...config,
    },
    { env: {}, logger: silent },
  )
  const server: Listener = await listenNode(chatbot.nodeHandler)
  const proxy = await createTcpProxy({ port: Number(new URL(server.url).port) })
  return {
    chatbot,
    provider,
    base: `${server.url}/chatbot`,
    proxy,
    proxiedBase: `http://127.0.0.1:${proxy.port}/chatbot`,
    refunds,
    envelope: (userId = 'user-1') => chatbot.mintEnvelope({ userId, route: 'shop.orders', channel: 'default' }),
    async close() {
      await proxy.close()
      await server.close()
      await chatbot.close()
      await provider.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const silent = { error() {}, warn() {}, info() {}, success() {}, log() {}, debug() {} } as never
