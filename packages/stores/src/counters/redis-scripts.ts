// Lua scripts run atomically in Redis: no other client's command interleaves, so reading the
// count and the leases, checking the limit and writing the grant is one step on every instance.
// Lease deadlines are in Redis's own clock (TIME), so instances whose clocks differ still agree.

// INCRBY and the first expiry in one atomic step. Setting the expiry only while the key has none
// (PTTL -1) keeps windows fixed; a Lua script does this on any Redis, not only 7.0's `EXPIRE NX`.
export const INCREMENT_SCRIPT = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`

// Shared head: `now` in ms, the settled count, and the live leases of KEYS[2] (a hash of
// lease id → "amount:deadline"), deleting the expired ones. `mine` is ARGV[1]'s live amount.
const LIVE_LEASES = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local mine = nil
local leases = redis.call('HGETALL', KEYS[2])
for i = 1, #leases, 2 do
  local amount, deadline = string.match(leases[i + 1], '^(%d+):(%d+)$')
  if tonumber(deadline) <= now then
    redis.call('HDEL', KEYS[2], leases[i])
  else
    used = used + tonumber(amount)
    if leases[i] == ARGV[1] then mine = tonumber(amount) end
  end
end`

// ARGV: lease id, amount, limit, lease ms, at least. Returns { granted, remaining }. The hash
// lives as long as its latest deadline, so a key nobody renews disappears with its leases.
export const RESERVE_SCRIPT = `${LIVE_LEASES}
local fits = math.max(0, math.min(tonumber(ARGV[2]), tonumber(ARGV[3]) - used))
local granted = fits >= tonumber(ARGV[5]) and fits or 0
if mine ~= nil or granted > 0 then
  redis.call('HSET', KEYS[2], ARGV[1], string.format('%d:%d', (mine or 0) + granted, now + tonumber(ARGV[4])))
  if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[4]) then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
end
return { granted, math.max(0, tonumber(ARGV[3]) - used - granted) }`

// ARGV: lease id, charge, TTL ms of a new count. Ends the lease and settles the charge at once.
export const RELEASE_SCRIPT = `
redis.call('HDEL', KEYS[2], ARGV[1])
if tonumber(ARGV[2]) ~= 0 then
  redis.call('INCRBY', KEYS[1], ARGV[2])
  if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
end
return 0`

// ARGV: none (an empty lease id). Returns the settled count plus the live leases.
export const GET_SCRIPT = `${LIVE_LEASES}
return used`
