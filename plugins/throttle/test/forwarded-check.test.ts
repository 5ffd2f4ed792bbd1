import { afterEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '@chatbot-kit/test-utils'
import { createHarness, type Harness } from '../../../packages/kernel/test/harness.js'
import { throttlePlugin } from '../src/index.js'
import { history } from './setup.js'

// nginx's `proxy_pass` alone passes the client's own X-Forwarded-For on: with trustProxy the
// client then picks its address. A request without the header is the sign of such a proxy.
describe('trustProxy and a request without X-Forwarded-For', () => {
  let h: Harness
  afterEach(() => h.close())

  const start = async (trustProxy: boolean | number) => {
    const warn = vi.fn()
    h = await createHarness('socket', { plugins: [throttlePlugin()], throttle: { trustProxy } }, { logger: silentLogger({ warn }) })
    return warn
  }
  const warnings = (warn: ReturnType<typeof vi.fn>) => warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('X-Forwarded-For'))

  it('warns once, naming the header and the fix, when trustProxy is on', async () => {
    const warn = await start(true)
    expect((await history(h, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(404)
    expect(warnings(warn)).toEqual([])
    expect((await history(h)).status).toBe(404)
    expect((await history(h)).status).toBe(404)
    expect(warnings(warn)).toHaveLength(1)
    expect(warnings(warn)[0]).toMatch(/trustProxy is on.*chatbot\.conversations\.messages.*without X-Forwarded-For.*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for/)
  })

  it('says nothing for the exempt health check, which load balancers send without the header', async () => {
    const warn = await start(2)
    expect((await h.request('/chatbot/health')).status).toBe(200)
    expect(warnings(warn)).toEqual([])
  })

  it('says nothing when trustProxy is off', async () => {
    const warn = await start(false)
    expect((await history(h)).status).toBe(404)
    expect(warnings(warn)).toEqual([])
  })
})
