import type { ConsolaInstance } from 'consola'
import type { Kysely } from 'kysely'
import type { ChannelSettings, ResolvedConfig } from './config/resolved.js'
import type { CounterStore } from '@chatbot-kit/stores'
import type { EnvelopeSigner } from './envelope/index.js'
import type { EventEmitter } from './events/emitter.js'
import type { KernelHooks } from './hookable.js'
import type { KeepAlive } from '@chatbot-kit/http'
import type { ProviderClient } from '@chatbot-kit/provider'
import type { Schema } from './storage/index.js'
import type { TurnRegistry } from './turn/registry.js'
import type { ContextValue } from './turn/types.js'

/** What the kernel's routes and turn share; internal, plugins see the plugin API. */
export interface KernelRuntime {
  config: ResolvedConfig
  db: Kysely<Schema>
  counters: CounterStore
  hooks: KernelHooks
  events: EventEmitter
  logger: ConsolaInstance
  signer: EnvelopeSigner
  keepAlive: KeepAlive
  provider(): ProviderClient
  settings(channel: string): ChannelSettings
  /** Named context sections for every channel, then for one channel (runtime scope). */
  contexts: Map<string, ContextValue>
  channelContexts(channel: string): Map<string, ContextValue> | undefined
  activeStreams: number
  /** Turns in progress: admits message requests, and lets `close()` wait for them. */
  turns: TurnRegistry
  /** `close()` began: new messages get 503 `server_shutting_down`; health should stop reporting ready. */
  readonly closing: boolean
  widgetFile: string | undefined
  /** Error bodies of internal errors carry their cause (see `CreateChatbotOptions.debug`). */
  debug: boolean
}
