import { afterEach, describe, expect, it } from 'vitest'
import { events } from '../../../packages/kernel/test/harness.js'
import { COUNTER_STORES, createThrottleServers, history } from './setup.js'

const statuses = (responses: Response[]) => responses.map((response) => response.status)

describe.each(COUNTER_STORES)('throttle on $name', ({ storage, skip }) => {
  describe.skipIf(skip)(skip || 'windows', () => {
    let servers: ReturnType<typeof createThrottleServers>
    afterEach(async () => {
      await servers.close()
    })

    it('lets perMinute requests through, then answers 429 with Retry-After and the error body', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 3 } })
      const allowed = [await history(h), await history(h), await history(h)]
      expect(statuses(allowed)).toEqual([404, 404, 404])
      const refused = await history(h)
      expect(refused.status).toBe(429)
      // 10:15:42.3 → the minute ends in 17.7 s.
      expect(refused.headers.get('retry-after')).toBe('18')
      expect(await refused.json()).toEqual({ error: { code: 'throttled', message: expect.stringContaining('3 per minute') } })
    })

    it('throttles POST /messages before the turn: nothing reaches the provider', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 1 } })
      h.provider.script({ text: 'first' })
      const first = await h.post({ signed_context: h.envelope(), message: 'one' })
      expect((await events(first)).at(-1)).toMatchObject({ type: 'done' })
      const second = await h.post({ signed_context: h.envelope(), message: 'two' })
      expect(second.status).toBe(429)
      expect(second.headers.get('retry-after')).toBe('18')
      expect((await second.json()).error.code).toBe('throttled')
      expect(h.provider.requests).toHaveLength(1)
    })

    it('starts a new minute exactly at the boundary', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 1 } })
      servers.clock.set('2026-11-22T10:15:59.999Z')
      expect((await history(h)).status).toBe(404)
      const refused = await history(h)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('1')
      servers.clock.set('2026-11-22T10:16:00.000Z')
      expect((await history(h)).status).toBe(404)
    })

    it('counts perDay per UTC day, with Retry-After to midnight', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 100, perDay: 2 } })
      expect(statuses([await history(h), await history(h)])).toEqual([404, 404])
      servers.clock.set('2026-11-22T23:59:30.000Z')
      const refused = await history(h)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('30')
      expect((await refused.json()).error.message).toContain('2 per day')
      servers.clock.set('2026-11-23T00:00:00.000Z')
      expect((await history(h)).status).toBe(404)
    })

    it('does not count refused requests: a full minute does not eat into the day', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 2, perDay: 3 } })
      expect(statuses([await history(h), await history(h), await history(h), await history(h)])).toEqual([404, 404, 429, 429])
      servers.clock.set('2026-11-22T10:16:10.000Z')
      // Had the two refusals counted, the day (3) would be full already.
      expect(statuses([await history(h), await history(h)])).toEqual([404, 429])
    })

    it('applies per-channel overrides, each channel its own bucket', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 3 }, channels: { support: { throttle: { perMinute: 1 } } } })
      expect(statuses([await history(h, {}, 'support'), await history(h, {}, 'support')])).toEqual([404, 429])
      expect(statuses([await history(h), await history(h), await history(h), await history(h)])).toEqual([404, 404, 404, 429])
    })

    it('exempt routes (health, widget.js by default) are never refused and never counted', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 1 } })
      for (let i = 0; i < 4; i += 1) {
        expect((await h.request('/chatbot/health')).status).toBe(200)
        expect((await h.request('/chatbot/widget.js')).status).not.toBe(429)
      }
      expect(await servers.keys()).toEqual([])
      expect((await history(h)).status).toBe(404)
      expect(await servers.keys()).not.toEqual([])
    })

    it('counts a route without a channel under one bucket once it is not exempt', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 2, exempt: [] } })
      expect(statuses([await h.request('/chatbot/health'), await h.request('/chatbot/widget.js'), await h.request('/chatbot/health')])).toEqual([200, 404, 429])
      // The channel bucket is another one.
      expect((await history(h)).status).toBe(404)
    })

    it('lets exactly perMinute of many concurrent requests through', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 10 } })
      const responses = await Promise.all(Array.from({ length: 40 }, () => history(h)))
      expect(statuses(responses).filter((status) => status === 404)).toHaveLength(10)
      expect(statuses(responses).filter((status) => status === 429)).toHaveLength(30)
    })
  })
})

describe.skipIf(COUNTER_STORES[1]!.skip)(COUNTER_STORES[1]!.skip || 'throttle across two instances on one Redis', () => {
  it('holds the limit across both: exactly perMinute succeed in total', async () => {
    const servers = createThrottleServers(COUNTER_STORES[1]!.storage)
    try {
      const a = await servers.start({ throttle: { perMinute: 10 } })
      const b = await servers.start({ throttle: { perMinute: 10 } })
      // 15 each: counted apart, each instance would let 10 through.
      const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => history(index % 2 ? a : b)))
      expect(statuses(responses).filter((status) => status === 404)).toHaveLength(10)
    } finally {
      await servers.close()
    }
  })
})
