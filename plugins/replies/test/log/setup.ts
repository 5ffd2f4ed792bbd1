import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { vi } from 'vitest'
import type { ReplyLogOptions } from '../../src/log/types.js'

export const redisUrl = process.env.CHATBOT_TEST_REDIS_URL

/** A frame as the kernel's event sink writes it. */
export const frameOf = (replyId: string, seq: number, type = 'token') => `id: ${replyId}:${seq}\ndata: {"type":"${type}","seq":${seq}}\n\n`

/** Fresh ids per test: logs on one Redis never share a reply or conversation by accident. */
export const ids = () => ({ replyId: randomUUID(), conversationId: randomUUID() })

/** A key prefix per test file and run. */
export const testPrefix = (name: string) => `chatbot-test:replies:${name}:${randomUUID()}`

export function logOptions(overrides: Partial<ReplyLogOptions> = {}): ReplyLogOptions {
  return { resumeWindowSeconds: 60, abandonedAfterSeconds: 60, logger: { warn: vi.fn(), info: vi.fn() }, ...overrides }
}

/** A follower's callbacks, recording what they got. */
export function recorder() {
  const got: Array<{ seq: number; frame: string }> = []
  let ends = 0
  return {
    onFrame: (frame: string, seq: number) => void got.push({ seq, frame }),
    onEnd: () => void (ends += 1),
    seqs: () => got.map(({ seq }) => seq),
    frames: () => got.map(({ frame }) => frame),
    ends: () => ends,
  }
}

/** `from`..`to` inclusive. */
export const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Deletes every key under `prefix` (Redis only). */
export async function removeKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url)
  const keys = await client.keys(`${prefix}:*`)
  if (keys.length > 0) await client.del(...keys)
  client.disconnect()
}
