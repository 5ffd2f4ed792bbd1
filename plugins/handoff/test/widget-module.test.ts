import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { brotliDecompressSync } from 'node:zlib'
import { describeEachDatabase } from '@chatbot-kit/test-utils'
import { expect, it } from 'vitest'
import { useCluster, type Instance } from './setup.js'

const built = (() => {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/handoff.js')
  } catch {
    return undefined
  }
})()

describeEachDatabase('the widget on a handoff channel', { label: 'one instance, over a real socket' }, (target) => {
  let a: Instance
  useCluster(target, 'memory:', false, async (cluster) => {
    a = await cluster.start()
  })

  it('marks the element `handoff` on a channel with handoff only', async () => {
    const page = () => new Request('http://shop.test/page')
    expect((await a.chatbot.renderWidget(page(), { channel: 'default' })).element).toMatch(/<chatbot-widget [^>]* handoff="">/)
    expect((await a.chatbot.renderWidget(page(), { channel: 'plain' })).element).not.toContain('handoff')
  })

  it('serves handoff.js as widget.js is served: brotli when accepted, an ETag, 304 for it, no cookie', async (context) => {
    context.skip(!built || !existsSync(built), 'widget/dist/handoff.js is not built: run `npm run build` in widget/')
    const response = await fetch(`${a.url}/chatbot/handoff.js`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('set-cookie')).toBeNull()
    // fetch decodes the body; the bytes are the build's file.
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(built!))).toBe(true)
    expect(brotliDecompressSync(readFileSync(`${built}.br`)).equals(readFileSync(built!))).toBe(true)
    const again = await fetch(`${a.url}/chatbot/handoff.js`, { headers: { 'accept-encoding': 'br', 'if-none-match': response.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })
})
