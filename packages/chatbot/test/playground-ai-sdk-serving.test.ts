import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, cleanEnv, start, stop, tempProject } from './cli.js'

const READY = /dev server: (http:\/\/[\d.]+:\d+)/

// What the AI SDK example relies on, in a project of its own: `/<name>` renders `<name>.html`
// with the envelope as data, and `public/` is served as files, and nothing outside it.
describe('chatbot dev: named pages and public files', () => {
  let dir: string
  let server: Awaited<ReturnType<typeof start>>
  let origin: string
  beforeAll(async () => {
    assertBuilt()
    dir = tempProject()
    writeFileSync(join(dir, 'chatbot.config.ts'), `export default { channels: { default: {}, support: { greeting: 'Good day' } } }\n`)
    writeFileSync(join(dir, 'shop.html'), '<head><!-- chatbot:head --></head><nav><!-- chatbot:channels --></nav><h1><!-- chatbot:channel --></h1><!-- chatbot:envelope -->\n')
    mkdirSync(join(dir, 'public', 'shop'), { recursive: true })
    writeFileSync(join(dir, 'public', 'shop', 'app.js'), 'export const shop = 1\n')
    writeFileSync(join(dir, 'secret.txt'), 'not public\n')
    server = await start(['dev', '--port', '0'], dir, cleanEnv(), READY)
    origin = server.match[1]!
  })
  afterAll(async () => {
    expect(await stop(server.child)).toBe(0)
  })

  it('renders <name>.html at /<name> with the placeholders, channel links on the same path, and the envelope as a JSON data block', async () => {
    const response = await fetch(`${origin}/shop?channel=support`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect(html).toContain('<h1>support</h1>')
    expect(html).toContain('<a href="/shop?channel=support" aria-current="page">support</a>')
    expect(html).toContain('<a href="/shop?channel=default">default</a>')
    // The `web` middleware is on by default: the page gets the CSRF meta tag a client sends back.
    expect(html).toMatch(/<meta name="csrf-token" content="[^"]+">/)
    const block = html.match(/<script type="application\/json" id="chatbot-envelope">(.+?)<\/script>/)
    expect(block).not.toBeNull()
    const data = JSON.parse(block![1]!) as { signedContext: string; channel: string; route: string; base: string }
    expect(data).toMatchObject({ channel: 'support', route: 'playground.shop', base: '/chatbot' })
    const claims = JSON.parse(Buffer.from(data.signedContext.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>
    expect(claims).toMatchObject({ channel: 'support', route: 'playground.shop', greeting: 'Good day' })
  })

  it('serves public/ files at their path, revalidated on every load', async () => {
    const response = await fetch(`${origin}/shop/app.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toBe('export const shop = 1\n')
  })

  it('serves nothing outside public/, and no page for a name without its .html', async () => {
    for (const path of ['/secret.txt', '/%2e%2e/secret.txt', '/shop/%2e%2e/%2e%2e/secret.txt', '/chatbot.config.ts', '/index', '/missing', '/shop/']) {
      const response = await fetch(`${origin}${path}`)
      expect({ path, status: response.status }).toEqual({ path, status: 404 })
      expect(await response.text()).not.toContain('not public')
    }
  })
})
