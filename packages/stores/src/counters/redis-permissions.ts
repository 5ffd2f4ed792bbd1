import type { Redis } from 'ioredis'

// Every command the counters' scripts run, each on the kind of key it runs on, through `pcall`:
// the first one the Redis user may not run is named (an ACL without it fails inside the script,
// and a key pattern that leaves our keys out fails the same way). The keys expire in a second.
const PERMISSIONS_SCRIPT = `
local calls = {
  {'INCRBY', KEYS[1], 0}, {'PTTL', KEYS[1]}, {'PEXPIRE', KEYS[1], 1000}, {'GET', KEYS[1]},
  {'HSET', KEYS[2], 'probe', '0:0'}, {'PEXPIRE', KEYS[2], 1000}, {'HGETALL', KEYS[2]}, {'HDEL', KEYS[2], 'probe'},
  {'TIME'},
}
for _, call in ipairs(calls) do
  local reply = redis.pcall(unpack(call))
  if type(reply) == 'table' and reply.err then return call[1] .. ': ' .. reply.err end
end
return ''`

/** What to grant for a command the user may not run; `@scripting` for EVAL. */
const grant = (command: string) => (command === 'EVAL' ? `+@scripting (or +eval)` : `+${command.toLowerCase()}`)

/**
 * Which permission the Redis user lacks for the counters, in words an operator can act on, or
 * `undefined` when it has them all. Throws what is not an ACL refusal (Redis unreachable).
 * `probeKey` is a key of ours (the store's base): an ACL key pattern must cover it.
 */
export async function missingRedisPermission(client: Redis, probeKey: string): Promise<string | undefined> {
  let refused: string
  try {
    refused = String(await client.eval(PERMISSIONS_SCRIPT, 2, probeKey, `${probeKey}:~leases`))
  } catch (error) {
    if (!isNoPermission(error)) throw error
    // Redis checks the keys a script declares before it runs it.
    if (/\bkeys?\b/i.test((error as Error).message)) return `the Redis user may not access the counters' keys; grant a key pattern covering them, e.g. ~${keyPattern(probeKey)}`
    return `the Redis user may not run EVAL, which the counters run their scripts with; grant ${grant('EVAL')}, e.g. ACL SETUSER <user> ${grant('EVAL')}`
  }
  if (!refused) return undefined
  const command = refused.split(':')[0]!
  return `the Redis user may not run ${command} on the counters' keys (${refused.slice(command.length + 2).trim()}); grant ${grant(command)} and a key pattern covering them`
}

/** `chatbot:counters:*` for the probe key `chatbot:counters:~permissions`; `*` without a base. */
const keyPattern = (probeKey: string) => `${probeKey.slice(0, probeKey.lastIndexOf(':') + 1)}*`

/** A refusal by Redis's ACL: `NOPERM …` (as the error's message, by ioredis). */
export const isNoPermission = (error: unknown): boolean => error instanceof Error && /^NOPERM\b/.test(error.message)
