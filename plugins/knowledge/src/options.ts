import { ChatbotConfigException, count, defineOptions, type OptionSpec } from '@chatbot-kit/kernel'
import { checkSources, type KnowledgeSource } from './sources/source-config.js'

const MIB = 1024 * 1024
const DAY = 86_400
/** OpenAI's limits: inputs per request, and vector size. */
const MAX_BATCH = 2048
const MAX_DIMENSIONS = 4096

/**
 * The default `knowledge.minScore`, measured on the labelled questions of
 * test/fixtures/questions.ts (docs/knowledge.md, "minScore").
 */
export const DEFAULT_MIN_SCORE = 0.35

const fail = (key: string, problem: string): never => {
  throw new ChatbotConfigException(key, problem)
}

/** `knowledge.minScore`: a fraction from 0 to 1 (the score's definition: retrieval/score.ts). */
const minScore: OptionSpec = {
  default: DEFAULT_MIN_SCORE,
  doc: 'chunks scoring below this (0 to 1) are not offered; nothing above it is a gap',
  env: { name: 'CHATBOT_KNOWLEDGE_MIN_SCORE', parse: (raw, env) => (/^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(raw) ? Number(raw) : fail(env, `expected a number from 0 to 1, got "${raw}"`)) },
  check: (value, key) => (typeof value === 'number' && value >= 0 && value <= 1) || fail(key, `expected a number from 0 to 1, got ${JSON.stringify(value)}`),
}

const isCount = (value: unknown, max: number) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max

/** `knowledge.embeddings`: `false` (full-text only), or the embedding model that adds vector similarity. */
const embeddings: OptionSpec = {
  default: false,
  doc: 'false: full-text retrieval only; { model, baseUrl?, apiKey?, dimensions?, batchSize? }: hybrid with vectors from POST {baseUrl}/embeddings',
  example: "{ model: 'text-embedding-3-small', dimensions: 512 }",
  check(value, key) {
    if (value === false) return
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(key, 'expected false or { model, baseUrl?, apiKey?, dimensions?, batchSize? }')
    const { model, baseUrl, apiKey, dimensions, batchSize, ...rest } = value as Record<string, unknown>
    const unknown = Object.keys(rest)[0]
    if (unknown !== undefined) fail(`${key}.${unknown}`, 'unknown key (expected model, baseUrl, apiKey, dimensions, batchSize)')
    if (model !== undefined && typeof model !== 'string') fail(`${key}.model`, `expected the embedding model's name, got ${JSON.stringify(model)}`)
    if (baseUrl !== undefined && (typeof baseUrl !== 'string' || !/^https?:\/\/[^/\s]+/.test(baseUrl))) fail(`${key}.baseUrl`, `expected an http(s) URL, got ${JSON.stringify(baseUrl)}`)
    if (apiKey !== undefined && typeof apiKey !== 'string') fail(`${key}.apiKey`, 'expected a string')
    if (dimensions !== undefined && !isCount(dimensions, MAX_DIMENSIONS)) fail(`${key}.dimensions`, `expected an integer from 1 to ${MAX_DIMENSIONS}, got ${JSON.stringify(dimensions)}`)
    if (batchSize !== undefined && !isCount(batchSize, MAX_BATCH)) fail(`${key}.batchSize`, `expected an integer from 1 to ${MAX_BATCH}, got ${JSON.stringify(batchSize)}`)
  },
}

/** `channels.<name>.knowledge`: the sources a channel searches; without it every source. */
const channelKnowledge: OptionSpec = {
  default: undefined,
  channel: 'only',
  doc: 'the knowledge sources this channel searches ([]: none; unset: every source)',
  check: (value, key) => value === undefined || (Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '')) || fail(key, 'expected a list of source names'),
}

/** The knowledge plugin's keys (contract §11.1). */
export const knowledgeOptions = defineOptions({
  'knowledge.sources': { default: {}, record: true, doc: "sources to answer from: { name: { type: 'files' | 'sitemap' | 'urls', … } }", example: "{ docs: { type: 'files', path: 'docs', baseUrl: 'https://example.com/docs/' } }", check: checkSources },
  'knowledge.maxDocumentBytes': count(5 * MIB, 1024, 1024 * MIB, { doc: 'bytes of one document read or fetched; a larger one is reported and skipped' }),
  'knowledge.topK': count(5, 1, 50, { env: 'CHATBOT_KNOWLEDGE_TOP_K', doc: 'chunks offered per turn at most' }),
  'knowledge.maxBytes': count(6000, 256, 1_000_000, { doc: 'bytes of chunk text offered per turn (whole chunks)' }),
  'knowledge.minScore': minScore,
  'knowledge.syncInterval': count(0, 0, 30 * DAY, { env: 'CHATBOT_KNOWLEDGE_SYNC_INTERVAL', doc: 'seconds between syncs inside the server; 0: off' }),
  'knowledge.embeddings': embeddings,
  knowledge: channelKnowledge,
})

export interface EmbeddingsConfig {
  model?: string
  baseUrl?: string
  apiKey?: string
  /** Asked of the model (`dimensions`) and checked on every vector it returns. */
  dimensions?: number
  batchSize?: number
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    knowledge?: {
      /** Sources to answer from, by name. Empty (the default): the plugin is off. */
      sources?: Record<string, KnowledgeSource>
      /** Bytes of one document; a larger one is reported and skipped. Default 5 MiB. */
      maxDocumentBytes?: number
      /**
       * Chunks offered per turn at most. Default `5`.
       * @env CHATBOT_KNOWLEDGE_TOP_K
       */
      topK?: number
      /** Bytes of chunk text offered per turn; whole chunks are dropped to fit. Default `6000`. */
      maxBytes?: number
      /**
       * Chunks scoring below this (0 to 1) are not offered. Default `0.35`.
       * @env CHATBOT_KNOWLEDGE_MIN_SCORE
       */
      minScore?: number
      /**
       * Seconds between syncs inside the server; `0` (the default) is off.
       * @env CHATBOT_KNOWLEDGE_SYNC_INTERVAL
       */
      syncInterval?: number
      /**
       * `false` (the default), or no `model`: full-text retrieval only. With a model, chunks are
       * embedded through `POST {baseUrl}/embeddings` (default: the provider's `baseUrl` and
       * `apiKey`), `batchSize` texts a request (default 64), and retrieval is hybrid.
       */
      embeddings?: false | EmbeddingsConfig
    }
  }
  interface ResolvedConfig {
    knowledge: {
      sources: Record<string, KnowledgeSource>
      maxDocumentBytes: number
      topK: number
      maxBytes: number
      minScore: number
      syncInterval: number
      embeddings: false | EmbeddingsConfig
    }
  }
  interface ChannelConfig {
    /** The knowledge sources this channel searches; `[]`: none. Default: every source. */
    knowledge?: string[]
  }
  interface ChannelSettings {
    knowledge: string[] | undefined
  }
}
