import type { ConsolaInstance } from 'consola'
import { H3, type H3Event, type Middleware } from 'h3'
import type { Kysely } from 'kysely'
import { createChannelScope, type ChannelScope } from './channel-scope.js'
import { configWarnings, isResolvedConfig, resolveChannelSettings, resolveConfig, type ChannelConfig, type ChannelSettings, type ChatbotConfig, type ResolvedConfig } from './config/index.js'
import { createCounterStore, type CounterStore } from './counters/index.js'
import { createEnvelopeSigner, parseAppKey, type EnvelopeClaims, type EnvelopePayload } from './envelope/index.js'
import { ChatbotConfigException } from './errors/index.js'
import { createEventEmitter } from './events/emitter.js'
import type { ChatbotEvent, ChatbotEventClass } from './events/index.js'
import { KernelHooks } from './hookable.js'
import { createRoutes } from './http/routes/index.js'
import type { ChatbotRoute } from './http/route.js'
import { createKeepAlive } from './http/sse.js'
import { createNodeHandler, type NodeHandler } from './http/node-handler.js'
import { loadConsola } from './logger.js'
import { orderPlugins } from './plugin.js'
import { createFakeProviderClient, createProviderClient, type FakeScript } from './provider/index.js'
import type { ProviderClient } from './provider/types.js'
import type { ContextValue, KernelRuntime } from './runtime.js'
import { createDatabase, migrate, type Schema } from './storage/index.js'
import { loadTokenizer } from './text/index.js'
import type { ChatbotTool } from './tools/types.js'
import { createServices, type ChatbotServices, type PruneOptions, type PruneReport, type QuotaStatus, type RenderSnapshotOptions } from './services.js'
import { createTurnRegistry } from './turn/registry.js'
import type { Identity } from './turn/types.js'
import { renderWidget, type RenderedWidget, type RenderWidgetOptions } from './widget-render.js'

/** `chatbot.authorize(fn)`: true lets an admin request through. */
export type AdminAuthorizer = (event: H3Event) => boolean | Promise<boolean>

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

/** The spec's facade. Plugins get it in `setup`; hosts get it from `createChatbot`/`loadChatbot`. */
export interface Chatbot {
  readonly config: ResolvedConfig
  readonly app: H3
  readonly hooks: KernelHooks
  readonly db: Kysely<Schema>
  readonly counters: CounterStore
  readonly logger: ConsolaInstance
  /** Started with `debug` (`chatbot dev`): error bodies may carry stacks. */
  readonly debug: boolean
  fetch(request: Request): Promise<Response>
  /** The same routes as a `node:http` listener: `createServer(chatbot.nodeHandler)`; replies stream straight to Node's response. */
  readonly nodeHandler: NodeHandler
  context(name: string, value: ContextValue): Chatbot
  channel(name: string): ChannelScope
  /** A channel's effective settings after fallback and runtime overrides. */
  settings(channel: string): ChannelSettings
  tools(): ChatbotTool[]
  registerTool(tool: ChatbotTool): Chatbot
  clearTools(): Chatbot
  /** Today's token use of an identity against the daily quota (provided by the quota plugin). */
  quota(identity: Identity): Promise<QuotaStatus>
  /** Retention pruning (provided by the retention plugin). */
  prune(options?: PruneOptions): Promise<PruneReport>
  /** Marks server-rendered html for the widget's `page-snapshot` extractor (provided by the extractors plugin). */
  renderSnapshot(html: string, options: RenderSnapshotOptions): string
  /**
   * The admin gate: the host's check of an admin request (e.g. its own session). Replaces any
   * earlier one; the admin plugin reads it back through `authorizer`.
   */
  authorize(check: AdminAuthorizer): Chatbot
  /** The check set by `authorize`, if any. */
  readonly authorizer: AdminAuthorizer | undefined
  /** Plugs in a facade feature (`quota`, `prune`, `renderSnapshot`). */
  provide<N extends keyof ChatbotServices>(name: N, implementation: ChatbotServices[N]): Chatbot
  /** Binds an in-memory provider client (host tests); returns it so tests can read its requests. */
  fake(script: FakeScript): ReturnType<typeof createFakeProviderClient>
  /** Adds a route under `config.base`, run like the built-in ones (plugins call it in `setup`). */
  route(route: ChatbotRoute): Chatbot
  /** Registers middleware that `routeMiddleware` may name. */
  registerMiddleware(name: string, middleware: Middleware): Chatbot
  renderWidget(event: H3Event, options?: RenderWidgetOptions): Promise<RenderedWidget>
  mintEnvelope(claims: EnvelopeClaims): string
  verifyEnvelope(token: unknown): EnvelopePayload
  on<E extends ChatbotEvent>(type: ChatbotEventClass<E>, listener: (event: E) => void | Promise<void>): () => void
  emit(event: ChatbotEvent): void
  readonly activeStreams: number
  /**
   * Shuts down gracefully: new messages get 503 (`server_shutting_down`), replies in progress get
   * `shutdownGrace` seconds (or `grace`) to finish, the rest end with an `error` event, their partial
   * replies stored and their quota settled; then the `close` hooks run and the database and the
   * counters close. Calling it again returns the same promise.
   */
  close(options?: { grace?: number }): Promise<void>
}

export async function createChatbot(input: ChatbotConfig | ResolvedConfig = {}, options: CreateChatbotOptions = {}): Promise<Chatbot> {
  const config = isResolvedConfig(input) ? input : resolveConfig(input, options.env ?? process.env)
  const logger = options.logger ?? (await loadConsola()).withTag('chatbot')
  const signer = createEnvelopeSigner({ appKey: config.appKey, previousKeys: config.appKeyPrevious })
  parseAppKey(config.appKey)
  const [database, counters] = await Promise.all([createDatabase(config.database, { warn: (message, error) => logger.warn(message, error) }), createCounterStore(config.storage, { logger })])
  if (options.migrate !== false) {
    // A refused migration (a table conflict, an unreachable server) must not leave connections open.
    await migrate(database.db).catch(async (error: unknown) => {
      await Promise.allSettled([database.close(), counters.close()])
      throw error
    })
  }
  // Set once start-up succeeded; `close()` may run before that (a plugin that fails its own setup).
  let tokenizerWarmUp: ReturnType<typeof setTimeout> | undefined = undefined

  const hooks = new KernelHooks()
  const events = createEventEmitter(logger)
  const debug = options.debug === true
  const app = new H3({ debug })
  const contexts = new Map<string, ContextValue>()
  const scopes = new Map<string, { overrides: ChannelConfig; contexts: Map<string, ContextValue> }>()
  const settingsCache = new Map<string, ChannelSettings>()
  const toolRegistry = new Map<string, ChatbotTool>((config.tools.definitions ?? []).map((tool) => [tool.name, tool]))
  const middleware = new Map<string, Middleware>()
  const extraRoutes: ChatbotRoute[] = []
  const services = createServices()
  let fakeClient: ProviderClient | undefined
  let authorizer: AdminAuthorizer | undefined
  let realClient: ProviderClient | undefined
  const turns = createTurnRegistry()
  let closed: Promise<void> | undefined

  const scopeOf = (name: string) => {
    let scope = scopes.get(name)
    if (!scope) scopes.set(name, (scope = { overrides: {}, contexts: new Map() }))
    return scope
  }
  const settings = (name: string) => {
    let resolved = settingsCache.get(name)
    if (!resolved) settingsCache.set(name, (resolved = resolveChannelSettings(config, name, scopes.get(name)?.overrides)))
    return resolved
  }
  const mintEnvelope = (claims: EnvelopeClaims) => {
    const channel = settings(claims.channel)
    const filled: EnvelopeClaims = {
      ...(channel.greeting ? { greeting: channel.greeting } : {}),
      extractors: Object.fromEntries(
        channel.allowedExtractors.map((name) => [name, { timeoutMs: channel.extractorTimeoutMs, sizeCapBytes: channel.extractorSizeCapBytes }]),
      ),
      ...claims,
    }
    hooks.callHookWith((listeners) => listeners.forEach((listener) => listener(filled)), 'envelope:mint', [filled])
    return signer.mint(filled)
  }

  const runtime: KernelRuntime = {
    config,
    db: database.db,
    counters,
    hooks,
    events,
    logger,
    signer,
    keepAlive: createKeepAlive(options.keepAliveMs ?? 15_000),
    provider: () => (fakeClient ??= realClient ??= createProviderClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, fetch: config.provider.fetch, retries: config.provider.retries, onRetry: ({ message }) => logger.warn(message), onFailure: ({ message }) => logger.warn(message) })),
    settings,
    contexts,
    channelContexts: (name) => scopes.get(name)?.contexts,
    chunkListeners: () => hooks.listeners('turn:chunk'),
    hasListeners: (name) => hooks.listeners(name).length > 0,
    activeStreams: 0,
    turns,
    get closing() {
      return turns.closing
    },
    widgetFile: options.widgetFile,
    debug,
  }

  const chatbot: Chatbot = {
    config,
    app,
    hooks,
    db: database.db,
    counters,
    logger,
    debug,
    fetch: async (request) => app.fetch(request),
    nodeHandler: createNodeHandler(app, logger),
    context(name, value) {
      contexts.set(name, value)
      return chatbot
    },
    channel(name) {
      const scope = scopeOf(name)
      const override = (patch: ChannelConfig) => {
        Object.assign(scope.overrides, patch)
        settingsCache.delete(name)
      }
      return createChannelScope(name, override, scope.contexts, (event, renderOptions) => chatbot.renderWidget(event, renderOptions))
    },
    settings,
    tools: () => [...toolRegistry.values()],
    registerTool(tool) {
      toolRegistry.set(tool.name, tool)
      return chatbot
    },
    clearTools() {
      toolRegistry.clear()
      return chatbot
    },
    quota: async (identity) => services.get('quota')(identity),
    prune: async (pruneOptions) => services.get('prune')(pruneOptions),
    renderSnapshot: (html, snapshotOptions) => services.get('renderSnapshot')(html, snapshotOptions),
    authorize(check) {
      if (typeof check !== 'function') throw new TypeError('chatbot.authorize expects a function (event) => boolean.')
      authorizer = check
      return chatbot
    },
    get authorizer() {
      return authorizer
    },
    provide(name, implementation) {
      services.provide(name, implementation)
      return chatbot
    },
    fake(script) {
      const client = createFakeProviderClient(script)
      fakeClient = client
      return client
    },
    route(route) {
      extraRoutes.push(route)
      return chatbot
    },
    registerMiddleware(name, handler) {
      middleware.set(name, handler)
      return chatbot
    },
    renderWidget: (event, renderOptions = {}) => renderWidget({ config, hooks, mint: mintEnvelope }, event, renderOptions),
    mintEnvelope,
    verifyEnvelope: (token) => signer.verify(token),
    on: (type, listener) => events.on(type, listener),
    emit: (event) => events.emit(event),
    get activeStreams() {
      return runtime.activeStreams
    },
    close(closeOptions = {}) {
      const grace = closeOptions.grace ?? config.shutdownGrace
      if (!(grace >= 0)) return Promise.reject(new TypeError(`chatbot.close: grace must be a number of seconds ≥ 0, got ${grace}.`))
      // A signal handler and a host's or module's own `close` hook may both call it: one shutdown.
      return (closed ??= (async () => {
        // The turns still use the database and the counters until they stored and settled.
        await turns.drain(grace * 1000, logger)
        clearTimeout(tokenizerWarmUp)
        try {
          await hooks.callHook('close')
        } finally {
          // A `close` hook that throws must not leave the database or Redis connection open.
          await Promise.all([database.close(), counters.close()])
        }
      })())
    },
  }

  try {
    for (const plugin of orderPlugins(config.plugins)) {
      if (plugin.hooks) hooks.addHooks(plugin.hooks)
      await plugin.setup?.(chatbot)
    }
    // The host's own `middleware` map beats what plugins registered under the same name.
    const known = new Map([...middleware, ...Object.entries(config.middleware)])
    const routeMiddleware = config.routeMiddleware.map((name) => {
      const found = known.get(name)
      if (!found) throw new ChatbotConfigException('routeMiddleware', `no middleware is registered as "${name}" (known: ${[...known.keys()].join(', ') || 'none'})`)
      return found
    })
    for (const route of createRoutes(runtime, routeMiddleware, extraRoutes)) app.on(route.method as never, route.path, route.handler)
    // After the plugins' setup, so the tools they registered count as known.
    for (const warning of configWarnings(config, toolRegistry.keys())) logger.warn(warning)
  } catch (error) {
    // A failed start-up must not leave the database or the Redis connection open.
    await Promise.allSettled([database.close(), counters.close()])
    throw error
  }
  // Loading the tokenizer table takes ~300 ms of the event loop: it warms up shortly after
  // start-up rather than during it, and a turn that comes earlier waits for it.
  tokenizerWarmUp = setTimeout(() => void loadTokenizer(), TOKENIZER_WARM_UP_MS)
  tokenizerWarmUp.unref()
  return chatbot
}

