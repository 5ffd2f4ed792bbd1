import type { ConsolaInstance } from 'consola'
import type { Hookable } from 'hookable'
import type { Kysely } from 'kysely'
import type { ChannelSettings, ResolvedConfig } from './config/resolved.js'
import type { CounterStore } from './counters/index.js'
import type { EnvelopeSigner } from './envelope/index.js'
import type { EventEmitter } from './events/emitter.js'
import type { ChatbotHooks } from './hooks.js'
import type { KeepAlive } from './sse/index.js'
import type { ProviderClient } from './provider/types.js'
import type { Schema } from './storage/index.js'
import type { TurnRegistry } from './turn/registry.js'
import type { SentEvent } from './turn/event-sink.js'
import type { ContextValue, Turn } from './turn/types.js'

/** What the kernel's routes and turn share; internal, plugins see the plugin API. */
export interface KernelRuntime {
  config: ResolvedConfig
  db: Kysely<Schema>
  counters: CounterStore
  hooks: Hookable<ChatbotHooks>
  events: EventEmitter
  logger: ConsolaInstance
  signer: EnvelopeSigner
  keepAlive: KeepAlive
  provider(): ProviderClient
  settings(channel: string): ChannelSettings
  /** Named context sections for every channel, then for one channel (runtime scope). */
  contexts: Map<string, ContextValue>
  channelContexts(channel: string): Map<string, ContextValue> | undefined
  /** `turn:chunk` listeners, snapshotted per turn so the per-token path calls plain functions. */
  chunkListeners(): ((turn: Turn, text: string) => void)[]
  /** `turn:event` listeners, snapshotted per turn like `chunkListeners`. */
  eventListeners(): ((turn: Turn, sent: SentEvent) => void)[]
  hasListeners(name: keyof ChatbotHooks): boolean
  activeStreams: number
  /** Turns in progress: admits message requests, and lets `close()` wait for them. */
  turns: TurnRegistry
  /** `close()` began: new messages get 503 `server_shutting_down`; health should stop reporting ready. */
  readonly closing: boolean
  widgetFile: string | undefined
  /** Error bodies of internal errors carry their cause (see `CreateChatbotOptions.debug`). */
  debug: boolean
}
