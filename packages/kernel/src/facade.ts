import type { Server as NodeServer } from 'node:http'
import type { ConsolaInstance } from 'consola'
import type { H3, H3Event, Middleware } from 'h3'
import type { Kysely } from 'kysely'
import type { ChannelScope } from './channel-scope.js'
import type { ChannelSettings, ResolvedConfig } from './config/resolved.js'
import type { CounterStore } from '@chatbot-kit/stores'
import type { EnvelopePayload } from './envelope/payload.js'
import type { EnvelopeClaims } from './envelope/signer.js'
import type { ChatbotEvent, ChatbotEventClass } from './events/index.js'
import type { KernelHooks } from './hookable.js'
import type { ChatbotRoute } from './http/route.js'
import type { DrainOptions } from '@chatbot-kit/http'
import type { NodeHandler } from './http/node-handler.js'
import type { FakeProviderClient, FakeScript } from '@chatbot-kit/provider'
import type { ContextValue } from './turn/types.js'
import type { ChatbotServices } from './services.js'
import type { Schema } from './storage/schema.js'
import type { RenderedWidget, RenderWidgetOptions } from './widget-render.js'
import type { RenderTarget } from './widget-target.js'

/** `chatbot.authorize(fn)`: true lets an admin request through. */
export type AdminAuthorizer = (event: H3Event) => boolean | Promise<boolean>

/**
 * The spec's facade: what hosts get from `createChatbot`/`loadChatbot`. The features plugins
 * provide (`quota`, `prune`, `renderSnapshot`, the tool registry) come from `ChatbotServices`,
 * which each plugin augments with its own.
 */
export interface Chatbot extends ChatbotServices {
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
  /**
   * The admin gate: the host's check of an admin request (e.g. its own session). Replaces any
   * earlier one; the admin plugin reads it back through `authorizer`.
   */
  authorize(check: AdminAuthorizer): Chatbot
  /** The check set by `authorize`, if any. */
  readonly authorizer: AdminAuthorizer | undefined
  /** Plugs in a facade feature (`quota`, `prune`, `renderSnapshot`, …); plugins call it through their API. */
  provide<N extends keyof ChatbotServices>(name: N, implementation: ChatbotServices[N]): Chatbot
  /** Binds an in-memory provider client (host tests); returns it so tests can read its requests. */
  fake(script: FakeScript): FakeProviderClient
  /** Adds a route under `config.base`, run like the built-in ones. */
  route(route: ChatbotRoute): Chatbot
  /** Registers middleware that `routeMiddleware` may name. */
  registerMiddleware(name: string, middleware: Middleware): Chatbot
  /**
   * The widget's tags for a page: the envelope (for `identify(event)`'s user, else a guest), and
   * what plugins add (the CSRF meta tag). `target` is the page's request: an h3 v2 event, a web
   * `Request`, or Node's `{ req, res }` (a plain `node:http` server, Express); the cookies it
   * needs are set on the event's or Node's response, and returned in `headers` for a `Request`.
   */
  renderWidget(target: RenderTarget, options?: RenderWidgetOptions): Promise<RenderedWidget>
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
  /**
   * The graceful shutdown of a Node server of the host's (`createServer(chatbot.nodeHandler)`):
   * health answers 503 at once and the server keeps listening for `shutdown.drainDelay` seconds
   * (or `delay`), then stops listening; replies in progress get the grace (`close()`), and the
   * connections left are closed. Calling it again returns the same promise.
   */
  drain(server: NodeServer, options?: DrainOptions): Promise<void>
}
