import { afterEach, describe, expect, it } from 'vitest'
import { COUNTER_STORES, createThrottleServers, history } from './setup.js'

const rateLimit = (response: Response) => ({
  status: response.status,
  'retry-after': response.headers.get('retry-after'),
  'ratelimit-policy': response.headers.get('ratelimit-policy'),
  ratelimit: response.headers.get('ratelimit'),
})

// The clock starts at 2026-11-22T10:15:42.300Z: 17.7 s left of the minute, 49,457.7 s of the day.
describe.each(COUNTER_STORES)('RateLimit headers (draft-ietf-httpapi-ratelimit-headers) on $name', ({ storage, skip }) => {
  describe.skipIf(skip)(skip || 'on a 429', () => {
    let servers: ReturnType<typeof createThrottleServers>
    afterEach(async () => {
      await servers.close()
    })

    it('a full minute: both policies, the minute with nothing left until Retry-After', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 2, perDay: 200 } })
      const allowed = [await history(h), await history(h)]
      // Answers that pass carry none: the headers cost nothing on the normal path.
      expect(allowed.map(rateLimit)).toEqual(Array(2).fill({ status: 404, 'retry-after': null, 'ratelimit-policy': null, ratelimit: null }))
      expect(rateLimit(await history(h))).toEqual({
        status: 429,
        'retry-after': '18',
        'ratelimit-policy': '"minute";q=2;w=60, "day";q=200;w=86400',
        ratelimit: '"minute";r=0;t=18',
      })
    })

    it('a full day: the day’s reset at midnight is the Retry-After', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 100, perDay: 1 } })
      await history(h)
      servers.clock.set('2026-11-22T23:59:30.000Z')
      expect(rateLimit(await history(h))).toEqual({
        status: 429,
        'retry-after': '30',
        'ratelimit-policy': '"minute";q=100;w=60, "day";q=1;w=86400',
        ratelimit: '"day";r=0;t=30',
      })
    })

    it('both full: both listed, Retry-After at the later reset', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 1, perDay: 1 } })
      await history(h)
      expect(rateLimit(await history(h))).toEqual({
        status: 429,
        'retry-after': '49458',
        'ratelimit-policy': '"minute";q=1;w=60, "day";q=1;w=86400',
        ratelimit: '"minute";r=0;t=18, "day";r=0;t=49458',
      })
    })

    it('states the channel’s own limits, on POST /messages too', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 5 }, channels: { support: { throttle: { perMinute: 1, perDay: 50 } } } })
      const post = () => h.post({ signed_context: h.envelope({ channel: 'support' }), message: 'hi' })
      await (await post()).text()
      expect(rateLimit(await post())).toEqual({
        status: 429,
        'retry-after': '18',
        'ratelimit-policy': '"minute";q=1;w=60, "day";q=50;w=86400',
        ratelimit: '"minute";r=0;t=18',
      })
    })
  })
})
