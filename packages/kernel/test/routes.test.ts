import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageVersion } from '@chatbot-kit/kernel'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'

const widgetFile = join(tmpdir(), `chatbot-widget-${process.pid}.js`)
writeFileSync(widgetFile, 'customElements.define("chatbot-widget", class extends HTMLElement {})\n')

describe.each(TRANSPORTS)('health and widget.js (%s)', (transport) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness(transport, {}, { widgetFile })
  })
  afterAll(() => h.close())

  it('health reports ok, the package version and the active streams', async () => {
    const response = await h.request('/chatbot/health')
    expect(response.status).toBe(200)
    const check = { status: 'ok', latency_ms: expect.any(Number) }
    expect(await response.json()).toEqual({ status: 'ok', version: packageVersion, active_streams: 0, checks: { database: check, counters: check } })
    expect(response.headers.get('set-cookie')).toBeNull()

    h.provider.script({ text: 'slow', firstChunkDelayMs: 300 })
    const streaming = await h.post({ signed_context: h.envelope(), message: 'hi' })
    expect(((await (await h.request('/chatbot/health')).json()) as { active_streams: number }).active_streams).toBe(1)
    await events(streaming)
    await expect.poll(async () => ((await (await h.request('/chatbot/health')).json()) as { active_streams: number }).active_streams).toBe(0)
  })

  it('serves the widget as cacheable JavaScript with an ETag, never a cookie', async () => {
    const response = await h.request('/chatbot/widget.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toContain('max-age')
    expect(response.headers.get('set-cookie')).toBeNull()
    const etag = response.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)
    expect(await response.text()).toContain('chatbot-widget')
    const revalidated = await h.request('/chatbot/widget.js', { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect((await h.request('/chatbot/widget.js', { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304)
    expect((await h.request('/chatbot/widget.js', { headers: { 'if-none-match': '"other"' } })).status).toBe(200)
  })
})

describe('health is 503 when the schema is not migrated', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness('in-process', {}, { migrate: false })
  })
  afterAll(() => h.close())

  it('reports the pending migrations until they are applied', async () => {
    const response = await h.request('/chatbot/health')
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'unavailable', problem: expect.stringContaining('migrations pending') })
    const { migrate } = await import('@chatbot-kit/kernel')
    await migrate(h.chatbot.db)
    expect((await h.request('/chatbot/health')).status).toBe(200)
  })
})

describe('health is 503 when the database is unreachable', () => {
  it('reports it instead of throwing', async () => {
    const h = await createHarness('in-process')
    await h.chatbot.db.destroy()
    const response = await h.request('/chatbot/health')
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'unavailable', problem: 'database unreachable' })
    await h.provider.close()
  })
})
