import type { H3Event, Middleware } from 'h3'

/**
 * A per-channel block: absent keys fall back to the top-level value. No env variables. Plugins add
 * their per-channel keys by augmenting this interface (`declare module '@chatbot-kit/kernel'`).
 */
export interface ChannelConfig {
  /** The model of this channel; beats `model` and `CHATBOT_MODEL`. */
  model?: string
  /** This channel's system prompt, after the base `prompt`. */
  prompt?: string
  /** Shown first in the widget and in history (`role: "assistant"`). */
  greeting?: string
  /** A short description of the channel, added as the context section `channel-summary`. */
  summary?: string | (() => string)
}

/** `database` as an object: the URL plus where our tables live. */
export interface DatabaseConfig {
  /**
   * A SQLite file path, `:memory:`, or a `postgres://` URL. Default `.data/chatbot.sqlite`.
   * @env CHATBOT_DATABASE_URL
   */
  url?: string
  /**
   * Put before every table name (`chatbot_` makes `chatbot_messages`), to keep ours apart from the
   * host's tables in a shared database. Default none.
   * @env CHATBOT_DATABASE_TABLE_PREFIX
   */
  tablePrefix?: string
  /**
   * Postgres only: the schema our tables live in (created when missing). Default: the connection's
   * current schema (usually `public`).
   * @env CHATBOT_DATABASE_SCHEMA
   */
  schema?: string
  /**
   * Postgres only: the most connections this instance's pool opens. Keep it at or below what a
   * pooler in session mode gives us (PgBouncer's `default_pool_size`). The URL's `?max=` wins.
   * Default `10`.
   * @env CHATBOT_DATABASE_POOL_SIZE
   */
  poolSize?: number
}

export interface HostIdentity {
  userId: string
}

/** `stream` in the config; a plugin adds its keys by augmenting this interface. */
export interface StreamConfig {
  /**
   * End the reply (abort the provider request, store what streamed as incomplete) when the
   * browser disconnects, as 1.0 did. Default `false`: the reply streams on, is stored complete
   * and can be resumed.
   * @env CHATBOT_STREAM_ABORT_ON_DISCONNECT
   */
  abortOnDisconnect?: boolean
}

/**
 * What a host writes in `chatbot.config.ts`. Every key is optional; see docs/configuration.md.
 * Each plugin adds its own keys by augmenting this interface (`declare module '@chatbot-kit/kernel'`).
 */
export interface ChatbotConfig {
  /**
   * The OpenAI-compatible provider's base URL; `provider.api`'s path (`/chat/completions` or
   * `/responses`) is appended. Default `https://api.openai.com/v1`.
   * @env CHATBOT_BASE_URL
   */
  baseUrl?: string
  /**
   * The provider's API key, sent as a bearer token. Keep it in `.env`, not in this file. Default none.
   * @env CHATBOT_API_KEY
   */
  apiKey?: string
  /**
   * The model every channel uses unless its block sets one. Default `gpt-4o-mini`.
   * @env CHATBOT_MODEL
   */
  model?: string
  /** Base system prompt, before the channel prompt. Default: a short assistant prompt. */
  prompt?: string
  provider?: {
    /**
     * The provider API: `'chat'` streams from `/chat/completions`, `'responses'` from `/responses`
     * (the whole conversation each time, never `previous_response_id`). See docs/providers.md.
     * Default `'chat'`.
     * @env CHATBOT_PROVIDER_API
     */
    api?: 'chat' | 'responses'
    /**
     * Whether the provider accepts `tools`; `false` never offers any. Default `true`.
     * @env CHATBOT_PROVIDER_SUPPORTS_TOOLS
     */
    supportsTools?: boolean
    /**
     * The `fetch` the provider is called with (a proxy agent, an instrumented fetch), through
     * ofetch. Unset: Node's `http`/`https` with keep-alive, the faster path. Config file only.
     */
    fetch?: typeof globalThis.fetch
    /**
     * How many times a request that failed before its first token (429, 5xx, a connection
     * failure) is sent again, with backoff and jitter, within `streamDuration`. Default `2`.
     * @env CHATBOT_PROVIDER_RETRIES
     */
    retries?: number
    /**
     * Seconds a provider request waits for the first byte of an answer; past it the request fails
     * with `provider_unavailable` (retryable, and retried within `streamDuration`). Leaves room for
     * a local server loading its model. Default `60`.
     * @env CHATBOT_PROVIDER_FIRST_BYTE_TIMEOUT
     */
    firstByteTimeout?: number
  }
  /**
   * Names of the middleware around the stateful routes (messages, history). `['web']` is sessions,
   * encrypted cookies and CSRF; `[]` leaves the envelope as the only barrier. Default `['web']`
   * with chatbot-kit (its wiring sets it), `[]` for the kernel alone.
   * @env CHATBOT_ROUTE_MIDDLEWARE (a comma list; empty for none)
   */
  routeMiddleware?: string[]
  /** Host middleware that `routeMiddleware` may name; beats a plugin's of the same name. */
  middleware?: Record<string, Middleware>
  /**
   * Seconds after a conversation started before a message to it opens a new conversation. Default `86400`.
   * @env CHATBOT_CONVERSATION_TTL
   */
  conversationTtl?: number
  /**
   * Seconds of model streaming per reply; the clock pauses while tools run. Default `60`.
   * @env CHATBOT_STREAM_DURATION
   */
  streamDuration?: number
  /** The reply stream; the replies plugin adds `resumeWindow` (docs/durable-replies.md). */
  stream?: StreamConfig
  /**
   * Seconds that replies in progress may take to finish after SIGTERM/SIGINT or `chatbot.close()`;
   * those still running then end with an `error` event, their partial reply stored. Default `10`.
   * @env CHATBOT_SHUTDOWN_GRACE
   */
  shutdownGrace?: number
  /** How a server shuts down (docs/reliability.md, "Graceful shutdown"). */
  shutdown?: {
    /**
     * Seconds `chatbot serve` (and `chatbot.drain(server)`) keep listening after SIGTERM with
     * health at 503, serving what still arrives, before they stop accepting connections and the
     * grace begins: long enough for a balancer to take the instance out. Default `0`.
     * @env CHATBOT_SHUTDOWN_DRAIN_DELAY
     */
    drainDelay?: number
  }
  /**
   * The most tokens one message may hold; a longer one is refused with 422. Default `32768`.
   * @env CHATBOT_TOKEN_CAP
   */
  tokenCap?: number
  context?: {
    /**
     * The most bytes of one context section; a longer one is cut and ends in `[truncated]`. Default `4096`.
     * @env CHATBOT_CONTEXT_SECTION_SIZE_CAP
     */
    sectionSizeCap?: number
  }
  /** Channel blocks by name; `default` always exists. */
  channels?: Record<string, ChannelConfig>
  /**
   * Signs envelopes and encrypts cookies: `base64:` and 32 random bytes (`chatbot install` writes
   * one to `.env`). Required; keep it secret and the same on every instance.
   * @env CHATBOT_APP_KEY
   */
  appKey?: string
  /**
   * Former app keys still accepted when verifying, during a rotation. Default none.
   * @env CHATBOT_APP_KEY_PREVIOUS (a comma list)
   */
  appKeyPrevious?: string[]
  /**
   * A SQLite file path, `:memory:`, or a `postgres://` URL; or `{ url, tablePrefix, schema, poolSize }`.
   * Default `.data/chatbot.sqlite`.
   * @env CHATBOT_DATABASE_URL, CHATBOT_DATABASE_TABLE_PREFIX, CHATBOT_DATABASE_SCHEMA
   */
  database?: string | DatabaseConfig
  /**
   * Where throttle and quota counters live: `memory:` (one process) or `redis://…` (shared). Default `memory:`.
   * @env CHATBOT_STORAGE_URL
   */
  storage?: string
  /** The signed-in user of a page render (`renderWidget`), or null for a guest. */
  identify?: (event: H3Event) => HostIdentity | null | undefined | Promise<HostIdentity | null | undefined>
  /** Path prefix of every route. Default `/chatbot`. */
  base?: string
  /** OpenTelemetry spans (a no-op until the host registers an SDK); see docs/observability.md. */
  telemetry?: {
    /**
     * Record message and reply text on spans. Off by default: spans carry counts, not content. Default `false`.
     * @env CHATBOT_TELEMETRY_CAPTURE_CONTENT
     */
    captureContent?: boolean
  }
}
