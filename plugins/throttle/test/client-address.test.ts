import { afterEach, describe, expect, it } from 'vitest'
import { COUNTER_STORES, createThrottleServers, history } from './setup.js'

const from = (forwardedFor: string) => ({ 'x-forwarded-for': forwardedFor })

describe.each(COUNTER_STORES)('client address on $name', ({ storage, skip }) => {
  describe.skipIf(skip)(skip || 'buckets', () => {
    let servers: ReturnType<typeof createThrottleServers>
    afterEach(async () => {
      await servers.close()
    })

    it('trustProxy off (default): a spoofed X-Forwarded-For does not change the bucket', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 1 } })
      expect((await history(h, from('198.51.100.1'))).status).toBe(404)
      expect((await history(h, from('198.51.100.2'))).status).toBe(429)
      expect((await history(h)).status).toBe(429)
    })

    it('trustProxy on: the address the proxy appended is the bucket', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 1, trustProxy: true } })
      expect((await history(h, from('198.51.100.1'))).status).toBe(404)
      expect((await history(h, from('198.51.100.2'))).status).toBe(404)
      expect((await history(h, from('198.51.100.1'))).status).toBe(429)
      // Entries left of the proxy's own are the client's to write: they change nothing.
      expect((await history(h, from('203.0.113.7, 198.51.100.2'))).status).toBe(429)
    })

    it('trustProxy as a hop count reads that many entries from the right', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 1, trustProxy: 2 } })
      expect((await history(h, from('203.0.113.7, 198.51.100.1, 10.0.0.2'))).status).toBe(404)
      expect((await history(h, from('203.0.113.8, 198.51.100.1, 10.0.0.3'))).status).toBe(429)
      expect((await history(h, from('203.0.113.7, 198.51.100.2, 10.0.0.2'))).status).toBe(404)
    })

    it('keeps IPv6 addresses apart that only differ where the key separator would fold them, and reads IPv4-mapped ones as IPv4', async () => {
      servers = createThrottleServers(storage)
      const h = await servers.start({ throttle: { perMinute: 1, trustProxy: true } })
      // With `:` read as a separator (and runs of it collapsed) both would be `2001:db8:1`.
      expect((await history(h, from('2001:db8::1'))).status).toBe(404)
      expect((await history(h, from('2001:db8:1::'))).status).toBe(404)
      expect((await history(h, from('2001:DB8::1'))).status).toBe(429)
      // An IPv4 address is one bucket however it is written.
      expect((await history(h, from('198.51.100.1'))).status).toBe(404)
      expect((await history(h, from('::ffff:198.51.100.1'))).status).toBe(429)
    })
  })
})
