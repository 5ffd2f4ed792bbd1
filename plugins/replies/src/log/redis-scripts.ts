import type { ChainableCommander, Redis } from 'ioredis'

/**
 * Appends a batch of frames to a reply, atomically with its checks, so every writer (the turn's
 * instance, or any instance repairing a dead one's reply) agrees on the next seq:
 * - a batch that begins the reply (ARGV[2] its conversation) creates it and makes it the latest;
 * - nothing is appended after the terminal frame, nor out of order (a batch lost in an outage
 *   leaves the stored frames a clean prefix rather than a replay with a hole);
 * - the keys expire the abandoned time after the last frame, or the resume window after the
 *   terminal one; the batch is published for the followers on other connections.
 * KEYS: frames, meta, latest. ARGV: replyId, conversationId or '', firstSeq, terminal (1/0),
 * streaming TTL ms, ended TTL ms, channel, frames… Returns 1 when appended, else 0.
 */
const APPEND_SCRIPT = `
local frames, meta, latest = KEYS[1], KEYS[2], KEYS[3]
if ARGV[2] ~= '' then
  if redis.call('EXISTS', meta) == 1 then return 0 end
  redis.call('HSET', meta, 'state', 'streaming', 'conversation', ARGV[2])
  redis.call('SET', latest, ARGV[1])
end
if redis.call('HGET', meta, 'state') ~= 'streaming' then return 0 end
local first = tonumber(ARGV[3])
if redis.call('LLEN', frames) ~= first - 1 then return 0 end
local batch = {}
for i = 8, #ARGV do batch[#batch + 1] = ARGV[i] end
-- unpack() is bounded by Lua's C stack: push in slices.
for i = 1, #batch, 1000 do redis.call('RPUSH', frames, unpack(batch, i, math.min(i + 999, #batch))) end
local ttl = ARGV[5]
if ARGV[4] == '1' then
  redis.call('HSET', meta, 'state', 'ended')
  ttl = ARGV[6]
end
redis.call('PEXPIRE', meta, ttl)
redis.call('PEXPIRE', frames, ttl)
if redis.call('GET', latest) == ARGV[1] then redis.call('PEXPIRE', latest, ttl) end
if #batch > 0 then redis.call('PUBLISH', ARGV[7], cjson.encode({first, tonumber(ARGV[4]), batch})) end
return 1
`

type AppendArgs = [frames: string, meta: string, latest: string, replyId: string, conversationId: string, firstSeq: number, terminal: 0 | 1, streamingTtlMs: number, endedTtlMs: number, channel: string, ...frames: string[]]

export type ScriptedRedis = Redis & { replyAppend(...args: AppendArgs): Promise<number> }
export type ScriptedPipeline = ChainableCommander & { replyAppend(...args: AppendArgs): ScriptedPipeline }

/** Teaches `client` the script (ioredis sends EVALSHA, and the script itself once per connection). */
export function withReplyScripts(client: Redis): ScriptedRedis {
  client.defineCommand('replyAppend', { numberOfKeys: 3, lua: APPEND_SCRIPT })
  return client as ScriptedRedis
}
