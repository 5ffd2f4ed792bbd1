import type { ConsolaInstance } from 'consola'
import { H3, type Middleware } from 'h3'
import { createChannelRegistry } from './channel-registry.js'
import { declarationsOfConfig, isResolvedConfig, resolveConfig } from './config/resolve.js'
import type { ChatbotConfig } from './config/types.js'
import type { ResolvedConfig } from './config/resolved.js'
import { configWarnings, envWarnings } from './config/warnings.js'
import { createEnvelopeSigner, parseAppKey } from './envelope/index.js'
import { createMint } from './envelope/mint.js'
import { createEventEmitter } from './events/emitter.js'
import type { AdminAuthorizer, Chatbot } from './facade.js'
import { KernelHooks } from './hookable.js'
import { mountRoutes } from './http/mount.js'
import { createKeepAlive, drainServer, openEventStream } from '@chatbot-kit/http'
import { createNodeHandler } from './http/node-handler.js'
import { replyResponse } from './http/reply-response.js'
import type { ChatbotRoute } from './http/route.js'
import { continueTurn } from './turn/continue.js'
import { loadConsola } from './logger.js'
import { createPluginApi } from './plugin-api.js'
import { orderPlugins } from './plugin-order.js'
import { createProviderBinding } from './provider/binding.js'
import type { KernelRuntime } from './runtime.js'
import { createServices, type ChatbotServices } from './services.js'
import { createClose } from './shutdown.js'
import { openStores } from './start-up.js'
import { createPluginStorage } from './storage/plugin-storage.js'
import { loadTokenizer } from './text/index.js'
import { findRequestedConversation } from './turn/conversation.js'
import { createTurnRegistry } from './turn/registry.js'
import { verifyRequestEnvelope } from './turn/request.js'
import type { ContextValue } from './turn/types.js'
import { renderWidget } from './widget-render.js'

export interface CreateChatbotOptions {
  /** Environment to read overrides from; default `process.env`. Ignored for an already resolved config. */
  env?: Record<string, string | undefined>
  /** Apply pending migrations at start-up (default true; `chatbot serve --no-migrate` turns it off). */
  migrate?: boolean
  /** Path of the widget bundle served at `/widget.js`. */
  widgetFile?: string
  logger?: ConsolaInstance
  /**
   * Error bodies of internal errors carry the cause's message and stack (`chatbot dev` sets it).
   * Off by default whatever `NODE_ENV` says: a production body never shows a stack or a path.
   */
  debug?: boolean
  /** Internal: keep-alive interval of open streams, in ms (15 s). */
  keepAliveMs?: number
}

/** When the tokenizer starts loading after start-up. */
const TOKENIZER_WARM_UP_MS = 1000

export async function createChatbot(input: ChatbotConfig | ResolvedConfig = {}, options: CreateChatbotOptions = {}): Promise<Chatbot> {
  const config = isResolvedConfig(input) ? input : resolveConfig(input, options.env ?? process.env)
  const logger = options.logger ?? (await loadConsola()).withTag('chatbot')
  const signer = createEnvelopeSigner({ appKey: config.appKey, previousKeys: config.appKeyPrevious })
  parseAppKey(config.appKey)
  const plugins = orderPlugins(config.plugins)
  const stores = await openStores(config, logger, options.migrate !== false)
  // Set once start-up succeeded; `close()` may run before that (a plugin that fails its own setup).
  let tokenizerWarmUp: ReturnType<typeof setTimeout> | undefined = undefined

  const hooks = new KernelHooks()
  const events = createEventEmitter(logger)
  const debug = options.debug === true
  const app = new H3({ debug })
  const contexts = new Map<string, ContextValue>()
  const channels = createChannelRegistry(config)
  const middleware = new Map<string, Middleware>()
  const routes: ChatbotRoute[] = []
  const services = createServices()
  let authorizer: AdminAuthorizer | undefined
  const turns = createTurnRegistry()

  const close = createClose({ shutdownGrace: config.shutdownGrace, turns, hooks, logger, stopTimers: () => clearTimeout(tokenizerWarmUp), closeStores: stores.close })
  let drained: Promise<void> | undefined
  const mintEnvelope = createMint(signer, channels.settings, hooks)
  const provider = createProviderBinding(config, logger)

  const runtime: KernelRuntime = {
    config,
    db: stores.db,
    counters: stores.counters,
    hooks,
    events,
    logger,
    signer,
    keepAlive: createKeepAlive(options.keepAliveMs ?? 15_000),
    provider: provider.client,
    settings: channels.settings,
    contexts,
    channelContexts: channels.contexts,
    activeStreams: 0,
    turns,
    get closing() {
      return turns.unready
    },
    widgetFile: options.widgetFile,
    debug,
  }

  const facade: Omit<Chatbot, keyof ChatbotServices> = {
    config,
    app,
    hooks,
    db: stores.db,
    counters: stores.counters,
    logger,
    debug,
    fetch: async (request) => app.fetch(request),
    nodeHandler: createNodeHandler(app, logger),
    context: (name, value) => (contexts.set(name, value), chatbot),
    channel: (name) => channels.scope(name, (event, renderOptions) => chatbot.renderWidget(event, renderOptions)),
    settings: channels.settings,
    authorize(check) {
      if (typeof check !== 'function') throw new TypeError('chatbot.authorize expects a function (event) => boolean.')
      authorizer = check
      return chatbot
    },
    get authorizer() {
      return authorizer
    },
    provide: (name, implementation) => (services.provide(name, implementation, chatbot), chatbot),
    fake: provider.fake,
    route: (route) => (routes.push(route), chatbot),
    registerMiddleware: (name, handler) => (middleware.set(name, handler), chatbot),
    renderWidget: (event, renderOptions = {}) => renderWidget({ config, hooks, mint: mintEnvelope }, event, renderOptions),
    mintEnvelope,
    verifyEnvelope: (token) => signer.verify(token),
    on: (type, listener) => events.on(type, listener),
    emit: (event) => events.emit(event),
    get activeStreams() {
      return runtime.activeStreams
    },
    close,
    drain: (server, drainOptions) =>
      (drained ??= drainServer({ drainDelay: config.shutdown.drainDelay, logger, announce: turns.announce, close }, server, drainOptions)),
  }
  const chatbot = facade as Chatbot
  services.install(chatbot)

  try {
    const own: Parameters<typeof createPluginApi>[2] = {
      settings: channels.settings,
      storage: createPluginStorage(stores.db),
      on: chatbot.on,
      emit: chatbot.emit,
      provide: chatbot.provide,
      route: chatbot.route,
      registerMiddleware: chatbot.registerMiddleware,
      verifyRequestEnvelope: (token) => verifyRequestEnvelope(runtime, token),
      ownedConversation: (id, envelope) => findRequestedConversation(runtime, id, envelope),
      openEventStream: (event, onClose) => openEventStream(runtime.keepAlive, event, onClose),
      continueTurn: async (event, continuation) => (await continueTurn(runtime, continuation, replyResponse(runtime, event), event)).response,
    }
    for (const plugin of plugins) {
      if (plugin.hooks) hooks.addHooks(plugin.hooks)
      await plugin.setup?.(createPluginApi(chatbot, plugin.name, own))
    }
    mountRoutes(app, runtime, { middleware, routes })
    for (const warning of [...configWarnings(config), ...envWarnings(options.env ?? process.env, declarationsOfConfig(config))]) logger.warn(warning)
    await hooks.callHook('ready')
  } catch (error) {
    // A failed start-up leaves nothing running: no plugin's timer (its `close` hook), no database or Redis connection.
    await Promise.resolve().then(() => hooks.callHook('close')).catch((cause: unknown) => logger.warn('A close hook failed after a failed start-up:', cause))
    await stores.close().catch(() => undefined)
    throw error
  }
  // Loading the tokenizer table takes ~300 ms of the event loop: it warms up shortly after
  // start-up rather than during it, and a turn that comes earlier waits for it.
  ;(tokenizerWarmUp = setTimeout(() => void loadTokenizer(), TOKENIZER_WARM_UP_MS)).unref()
  return chatbot
}
