import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { decodeBody, rawRequest } from '@chatbot-kit/test-utils'
import { CONSOLE_CSP } from '../src/console/csp.js'
import { assetPrefix } from '../src/console/route.js'
import { ADMIN_TOKEN, createAdminHarness, type AdminHarness } from './client.js'

// The console's files as the admin plugin serves them over HTTP (contract §9.5): its page at any
// path under `<base>/admin`, its hashed assets, the strict CSP, and 404 while the admin API is off.

const NOT_FOUND = { error: { code: 'not_found', message: expect.any(String) } }

/** The script and stylesheet URLs of a page, resolved against the URL it was served at. */
function assetUrls(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!).filter((url) => !url.startsWith('data:')).map((url) => new URL(url, pageUrl).href)
}

describe('the admin console files', () => {
  let h: AdminHarness | undefined
  beforeAll(() => {
    if (!existsSync(fileURLToPath(new URL('../../console/dist/files.js', import.meta.url)))) throw new Error('Build the console first: npm run build -w @chatbot-kit/console (npm test builds it).')
  })
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  it('are 404 (the contract body) while the admin API is off, page and assets alike', async () => {
    h = await createAdminHarness()
    for (const path of ['/chatbot/admin', '/chatbot/admin/', '/chatbot/admin/conversations', '/chatbot/admin/assets/index.js']) {
      const response = await h.request(path)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual(NOT_FOUND)
    }
  })

  it('serve the page at the root and at every client route, with the strict CSP and no credential', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    for (const path of ['/chatbot/admin', '/chatbot/admin/', '/chatbot/admin/conversations', '/chatbot/admin/conversations/2f0c8a4e-7d3b-4c1e-9a55-0b6f3e2d1c00', '/chatbot/admin/feedback/']) {
      const response = await h.request(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('content-security-policy')).toBe(CONSOLE_CSP)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      const html = await response.text()
      expect(html).toContain('<div id="app"></div>')
      // Every asset the page names resolves, from this path, to a file the server has.
      const urls = assetUrls(html, response.url)
      expect(urls.length, path).toBeGreaterThanOrEqual(2)
      for (const url of urls) {
        expect(new URL(url).pathname, `${url} from ${path}`).toMatch(/^\/chatbot\/admin\/assets\/[\w.-]+\.(js|css)$/)
        const asset = await h.request(new URL(url).pathname)
        expect(asset.status, url).toBe(200)
        expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        expect(asset.headers.get('content-security-policy')).toBe(CONSOLE_CSP)
        expect(asset.headers.get('content-type')).toBe(url.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8')
      }
    }
    // The data still needs the token.
    expect((await h.request('/chatbot/admin/trpc/health')).status).toBe(401)
  })

  it('send each asset brotli or gzip as the browser accepts, decoding to the very bytes of the build', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    const origin = new URL(h.trpcUrl).origin
    const page = await h.request('/chatbot/admin')
    const urls = assetUrls(await page.text(), page.url).map((url) => `${origin}${new URL(url).pathname}`)
    const sizes: Record<string, Record<string, number>> = {}
    for (const url of urls) {
      const identity = await rawRequest(url)
      expect(identity.headers['content-encoding']).toBeUndefined()
      const raw = identity.body
      sizes[new URL(url).pathname.split('/').pop()!] = { identity: raw.length }
      for (const [accept, coding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip;q=0.5', 'gzip'], ['identity', undefined], ['gzip;q=0, br;q=0', undefined]] as const) {
        const response = await rawRequest(url, { headers: { 'accept-encoding': accept } })
        expect(response.status, `${url} ${accept}`).toBe(200)
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(coding)
        expect(response.headers.vary).toBe('accept-encoding')
        expect(response.headers['content-security-policy']).toBe(CONSOLE_CSP)
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        expect(Number(response.headers['content-length'])).toBe(response.body.length)
        expect(decodeBody(response).equals(raw), `${url} ${accept} decodes to the file`).toBe(true)
        if (coding) sizes[new URL(url).pathname.split('/').pop()!]![coding] = response.body.length
      }
      // Revalidation by the tag of the coding sent.
      const br = await rawRequest(url, { headers: { 'accept-encoding': 'br' } })
      const revalidated = await rawRequest(url, { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! } })
      expect(revalidated.status).toBe(304)
      expect(revalidated.headers['content-security-policy']).toBe(CONSOLE_CSP)
      expect(br.headers.etag).not.toBe(identity.headers.etag)
    }
    console.info(`[console wire sizes, bytes] ${JSON.stringify(sizes)}`)
    const script = Object.entries(sizes).find(([name]) => name.endsWith('.js'))![1]
    expect(script.br!).toBeLessThan(script.identity! / 2)
  })

  it('have nothing inline for the CSP to refuse: no inline script or style, no style attribute', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    const html = await (await h.request('/chatbot/admin')).text()
    for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/\bsrc="/)
    expect(html).not.toMatch(/<style\b/)
    expect(html).not.toMatch(/\sstyle=/)
    expect(html).not.toMatch(/\son[a-z]+=/)
  })

  it('answer an unknown asset and the API paths that are not procedures with the 404 body, not the page', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    for (const path of ['/chatbot/admin/assets/nope.js', '/chatbot/admin/assets/..%2fpackage.json', '/chatbot/admin/trpc']) {
      const response = await h.request(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).toContain('application/json')
    }
  })

  it('follow the chatbot’s base', async () => {
    h = await createAdminHarness({ base: '/support/bot', admin: { token: ADMIN_TOKEN } })
    const response = await h.request('/support/bot/admin/approvals')
    expect(response.status).toBe(200)
    const [script] = assetUrls(await response.text(), response.url)
    expect((await h.request(new URL(script!).pathname)).status).toBe(200)
    expect((await h.request('/chatbot/admin')).status).toBe(404)
  })

  it.each([
    ['', 'admin/'],
    ['/', './'],
    ['/conversations', './'],
    ['/conversations/', '../'],
    ['/conversations/2f0c8a4e-7d3b-4c1e-9a55-0b6f3e2d1c00', '../'],
    ['/a/b/c', '../../'],
  ])('names the assets relative to the page at …/admin%s: %s', (rest, prefix) => {
    expect(assetPrefix(rest)).toBe(prefix)
  })
})
