import type { ConsolaInstance } from 'consola'
import type { H3Event, HTTPResponse, Middleware } from 'h3'
import type { ChannelSettings, ResolvedConfig } from './config/resolved.js'
import type { CounterStore } from '@chatbot-kit/stores'
import type { EnvelopePayload } from './envelope/index.js'
import type { ChatbotEvent, ChatbotEventClass } from './events/index.js'
import type { Chatbot } from './facade.js'
import type { KernelHooks } from './hookable.js'
import type { ChatbotRoute } from './http/route.js'
import type { EventStream } from '@chatbot-kit/http'
import type { Conversation } from './storage/index.js'
import type { ChatbotServices } from './services.js'
import type { PluginStorage } from './storage/plugin-storage.js'
import type { TurnContinuation } from './turn/continue.js'

/**
 * What a plugin's `setup` works with: the turn's hooks, the kernel's storage as repository
 * functions, the counters, a logger, and a way to add routes, middleware and facade features.
 */
export interface PluginApi {
  /** The resolved configuration, the plugin's own keys included (read only). */
  readonly config: ResolvedConfig
  /** A channel's effective settings, the plugin's per-channel keys included. */
  settings(channel: string): ChannelSettings
  readonly hooks: KernelHooks
  readonly storage: PluginStorage
  readonly counters: CounterStore
  readonly logger: ConsolaInstance
  on<E extends ChatbotEvent>(type: ChatbotEventClass<E>, listener: (event: E) => void | Promise<void>): () => void
  emit(event: ChatbotEvent): void
  /** Puts a feature on the host facade: `provide('quota', fn)` makes `chatbot.quota()` call `fn`. Returns the facade. */
  provide<N extends keyof ChatbotServices>(name: N, implementation: ChatbotServices[N]): Chatbot
  /** Adds a route under `config.base`, run like the built-in ones; mounted after every `setup`. */
  route(route: ChatbotRoute): Chatbot
  /** Verifies a request's `signed_context` as the kernel's routes do: 403 unless signed, alive and for a declared channel. */
  verifyRequestEnvelope(token: unknown): EnvelopePayload
  /** The conversation a route's path names, by history's rules: 404 unknown (or not a UUID), 403 not the envelope's. */
  ownedConversation(id: string, envelope: EnvelopePayload): Promise<Conversation>
  /** Opens a server-sent-event response, kept alive like a reply's; `onClose` runs if the browser leaves first. */
  openEventStream(event: H3Event, onClose?: () => void): EventStream
  /**
   * Runs a paused turn (`turn.pause`) on as a new streamed reply under the same limits as a
   * message; resolves to the route's response. See `TurnContinuation`.
   */
  continueTurn(event: H3Event, continuation: TurnContinuation): Promise<Response | HTTPResponse>
  /** Registers middleware that `routeMiddleware` may name (a host's own of that name wins). */
  registerMiddleware(name: string, middleware: Middleware): Chatbot
  /** The host's facade, for a plugin that acts as a host does (the test fixture renders the widget). */
  readonly chatbot: Chatbot
}

/**
 * The facade members 1.0's `setup(chatbot)` reached through the plugin API. They still work in
 * 1.x, with a warning once per member and plugin, and go in 2.0: use `api.chatbot` instead.
 * The features plugins provide (`quota`, `prune`, …) are read from `api.chatbot` too.
 */
export interface DeprecatedFacadeMembers extends Omit<ChatbotServices, keyof PluginApi> {
  /** @deprecated Use `api.chatbot.app`. */
  readonly app: Chatbot['app']
  /** @deprecated Use `api.storage.db`. */
  readonly db: Chatbot['db']
  /** @deprecated Use `api.chatbot.debug`. */
  readonly debug: boolean
  /** @deprecated Use `api.chatbot.fetch`. */
  fetch: Chatbot['fetch']
  /** @deprecated Use `api.chatbot.nodeHandler`. */
  readonly nodeHandler: Chatbot['nodeHandler']
  /** @deprecated Use `api.chatbot.context`. */
  context: Chatbot['context']
  /** @deprecated Use `api.chatbot.channel`. */
  channel: Chatbot['channel']
  /** @deprecated Use `api.chatbot.authorize`. */
  authorize: Chatbot['authorize']
  /** @deprecated Use `api.chatbot.authorizer`. */
  readonly authorizer: Chatbot['authorizer']
  /** @deprecated Use `api.chatbot.fake`. */
  fake: Chatbot['fake']
  /** @deprecated Use `api.chatbot.renderWidget`. */
  renderWidget: Chatbot['renderWidget']
  /** @deprecated Use `api.chatbot.mintEnvelope`. */
  mintEnvelope: Chatbot['mintEnvelope']
  /** @deprecated Use `api.chatbot.verifyEnvelope`, or `api.verifyRequestEnvelope` for a request's. */
  verifyEnvelope: Chatbot['verifyEnvelope']
  /** @deprecated Use `api.chatbot.activeStreams`. */
  readonly activeStreams: number
  /** @deprecated Use `api.chatbot.close`. */
  close: Chatbot['close']
}

/** What `setup` receives: the plugin API, and for 1.x the facade members 1.0 plugins used. */
export type PluginSetupContext = PluginApi & DeprecatedFacadeMembers

/**
 * One plugin's API: exactly what `PluginApi` declares. Any other facade member is read from the
 * facade with a warning, once per member for this plugin, so a 1.0 plugin keeps working and its
 * author learns what to change before 2.0.
 */
export function createPluginApi(chatbot: Chatbot, pluginName: string, own: Omit<PluginApi, 'chatbot' | 'config' | 'hooks' | 'counters' | 'logger'>): PluginSetupContext {
  const api: PluginApi = {
    ...own,
    chatbot,
    config: chatbot.config,
    hooks: chatbot.hooks,
    counters: chatbot.counters,
    logger: chatbot.logger,
  }
  const warned = new Set<string>()
  return new Proxy(api, {
    get(target, key, receiver) {
      if (typeof key === 'symbol' || key in target || !(key in chatbot)) return Reflect.get(target, key, receiver)
      if (!warned.has(key)) {
        warned.add(key)
        chatbot.logger.warn(`Plugin "${pluginName}" reads \`${key}\` from its setup's API, which is deprecated and goes in 2.0: use \`api.chatbot.${key}\` (docs/plugins.md).`)
      }
      return (chatbot as unknown as Record<string, unknown>)[key]
    },
    has: (target, key) => key in target || key in chatbot,
  }) as PluginSetupContext
}
