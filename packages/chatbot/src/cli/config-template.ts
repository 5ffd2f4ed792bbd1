/** The `chatbot.config.ts` that `chatbot install` writes: every documented key, its default and env name. */
export const CONFIG_TEMPLATE = `import { defineChatbotConfig } from 'chatbot-kit'

// Every key is optional: the value shown is the default. Environment variables beat this file;
// runtime overrides through chatbot.channel(name) beat both. See docs/configuration.md.
export default defineChatbotConfig({
  // OpenAI-compatible provider                                   env
  baseUrl: 'https://api.openai.com/v1',                        // CHATBOT_BASE_URL
  // apiKey: set it in .env, never here                        // CHATBOT_API_KEY
  model: 'gpt-4o-mini',                                         // CHATBOT_MODEL
  provider: { supportsTools: true },                            // CHATBOT_PROVIDER_SUPPORTS_TOOLS

  // Security: the app key lives in .env (chatbot install wrote one)  CHATBOT_APP_KEY, CHATBOT_APP_KEY_PREVIOUS
  routeMiddleware: ['web'],                                     // CHATBOT_ROUTE_MIDDLEWARE (comma list; empty = none)
  sanitizerTags: ['context', 'system', 'instructions', 'assistant', 'user'],
  playwrightFixture: { enabled: false },                        // CHATBOT_PLAYWRIGHT_FIXTURE (never in production)

  // Storage
  database: '.data/chatbot.sqlite',                             // CHATBOT_DATABASE_URL (a file, or postgres://…)
  storage: 'memory:',                                           // CHATBOT_STORAGE_URL (memory: or redis://…)

  // Limits
  throttle: {
    perMinute: 20,                                              // CHATBOT_THROTTLE_PER_MINUTE
    perDay: 200,                                                // CHATBOT_THROTTLE_PER_DAY
    trustProxy: false,                                          // CHATBOT_THROTTLE_TRUST_PROXY (only behind your own proxy)
    exempt: ['chatbot.health', 'chatbot.widget-js'],
  },
  conversationTtl: 86400,                                       // CHATBOT_CONVERSATION_TTL (seconds)
  retentionDays: 30,                                            // CHATBOT_RETENTION_DAYS (null keeps forever)
  streamDuration: 60,                                           // CHATBOT_STREAM_DURATION (seconds)
  tokenCap: 32768,                                              // CHATBOT_TOKEN_CAP
  dailyQuota: { input: 200000, output: 50000 },                 // CHATBOT_DAILY_QUOTA_INPUT, CHATBOT_DAILY_QUOTA_OUTPUT
  context: { sectionSizeCap: 4096 },                            // CHATBOT_CONTEXT_SECTION_SIZE_CAP (bytes)
  tools: {
    maxCallsPerTurn: 5,                                         // CHATBOT_TOOLS_MAX_CALLS_PER_TURN
    defaultTimeout: 10,                                         // CHATBOT_TOOLS_DEFAULT_TIMEOUT (seconds, advisory)
    replayFreshness: 300,                                       // CHATBOT_TOOLS_REPLAY_FRESHNESS (seconds)
    defaultMaxArgLength: 10240,                                 // CHATBOT_TOOLS_DEFAULT_MAX_ARG_LENGTH (bytes)
    resultSizeCap: 4096,                                        // CHATBOT_TOOLS_RESULT_SIZE_CAP (bytes)
    definitions: [],                                            // your tools: defineTool({ … })
  },

  // Admin API (tRPC at /chatbot/admin/trpc): off unless a token is set  CHATBOT_ADMIN_TOKEN

  channels: {
    default: {},
    // support: {
    //   model: 'gpt-4o-mini',
    //   prompt: 'You help customers of ACME.',
    //   greeting: 'Hi! How can I help?',
    //   summary: 'ACME sells anvils.',
    //   throttle: { perMinute: 10, perDay: 100 },
    //   retentionDays: 30,
    //   allowedTools: [],
    //   allowedExtractors: ['page-snapshot'],
    //   extractorTimeoutMs: 250,
    //   extractorSizeCapBytes: 8192,
    // },
  },

  // identify: (event) => ({ userId: '…' }) or null for guests
  // plugins: [],
})
`
