import { ChatbotConfigException } from '@chatbot-kit/kernel'
import { importDriver } from '@chatbot-kit/kernel/plugin'
import { createMemoryReplyLog, type MemoryReplyLogOptions } from './memory.js'
import type { RedisReplyLogOptions } from './redis.js'
import type { ReplyLog } from './types.js'

export { createMemoryReplyLog, DEFAULT_MAX_BYTES, type MemoryReplyLogOptions } from './memory.js'
export type { RedisReplyLogOptions } from './redis.js'

/** Lazily, so memory users never load ioredis (an optional peer). */
export async function createRedisReplyLog(url: string, options: RedisReplyLogOptions): Promise<ReplyLog> {
  const { createRedisReplyLog: create } = await importDriver('ioredis', 'the replay log on a redis:// storage URL', () => import('./redis.js'))
  return create(url, options)
}

/**
 * The replay log on the counters' storage URL (`storage`, CHATBOT_STORAGE_URL): one process for
 * `memory:`, every instance for `redis://…` / `rediss://…`.
 */
export async function createReplyLog(storageUrl: string, options: MemoryReplyLogOptions & RedisReplyLogOptions): Promise<ReplyLog> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(storageUrl)?.[1]?.toLowerCase()
  if (scheme === 'memory') return createMemoryReplyLog(options)
  if (scheme === 'redis' || scheme === 'rediss') return createRedisReplyLog(storageUrl, options)
  // Never echo the URL: it may carry a password.
  throw new ChatbotConfigException('storage', `expected "memory:" or a "redis://" URL, got scheme "${scheme ?? '(none)'}"`)
}
