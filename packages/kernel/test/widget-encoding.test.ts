import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeBody, rawRequest, silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type RunningServer } from '@chatbot-kit/kernel'
import { writePrecompressed } from '../../../scripts/precompress.js'

// GET /widget.js over a real socket, read with node:http so the bytes on the wire are what the
// test sees: the copies the build precompressed (scripts/precompress.ts, as the widget's build
// runs it), chosen by Accept-Encoding, each decoding to the very bytes of the file.

/** A script of some size, compressible like the real bundle. */
const SCRIPT = Array.from({ length: 600 }, (_, i) => `customElements.get("chatbot-widget-${i}")||console.debug(${i},"chatbot-widget line ${i}");`).join('\n')

async function serveWidget(widgetFile: string, warnings: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-widget-db-'))
  const chatbot: Chatbot = await createChatbot(
    { appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), routeMiddleware: [] },
    { env: {}, widgetFile, logger: silentLogger({ warn: (message: string) => warnings.push(message) }) },
  )
  const server: RunningServer = await serveChatbot(chatbot, { port: 0 })
  return {
    url: `${server.url}/chatbot/widget.js`,
    async close() {
      await server.close()
      await chatbot.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

describe('widget.js in the coding the browser accepts', () => {
  let dir: string
  let widget: Awaited<ReturnType<typeof serveWidget>>
  const get = (headers: Record<string, string> = {}) => rawRequest(widget.url, { headers })

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-widget-file-'))
    const file = join(dir, 'widget.js')
    writeFileSync(file, SCRIPT)
    writePrecompressed(file)
    widget = await serveWidget(file)
  })
  afterAll(async () => {
    await widget?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    [undefined, undefined],
  ] as const)('Accept-Encoding %j gets %s, decoding to the file byte for byte', async (accept, coding) => {
    const response = await get(accept === undefined ? {} : { 'accept-encoding': accept })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe(coding)
    expect(response.headers.vary).toBe('accept-encoding')
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(Number(response.headers['content-length'])).toBe(response.body.length)
    expect(response.headers['set-cookie']).toBeUndefined()
    if (coding === undefined) expect(response.body.toString('utf8')).toBe(SCRIPT)
    expect(decodeBody(response).toString('utf8')).toBe(SCRIPT)
  })

  it('sends far fewer bytes compressed, and records the sizes on the wire', async () => {
    const sizes = Object.fromEntries(await Promise.all(['br', 'gzip', 'identity'].map(async (coding) => [coding, (await get({ 'accept-encoding': coding })).body.length] as const)))
    console.info(`[widget.js wire sizes] ${JSON.stringify(sizes)} bytes`)
    expect(sizes.identity).toBe(Buffer.byteLength(SCRIPT))
    expect(sizes.gzip!).toBeLessThan(sizes.identity! / 4)
    expect(sizes.br!).toBeLessThan(sizes.gzip!)
  })

  it('tags each coding differently and answers 304 to the tag of the coding it would send', async () => {
    const tags = await Promise.all(['br', 'gzip', 'identity'].map(async (coding) => (await get({ 'accept-encoding': coding })).headers.etag!))
    expect(new Set(tags).size).toBe(3)
    const [brTag, gzipTag, identityTag] = tags as [string, string, string]
    const revalidated = await get({ 'accept-encoding': 'br', 'if-none-match': brTag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.length).toBe(0)
    expect(revalidated.headers).toMatchObject({ etag: brTag, vary: 'accept-encoding', 'cache-control': expect.stringContaining('max-age') })
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': `"other", W/${gzipTag}` })).status).toBe(304)
    expect((await get({ 'if-none-match': identityTag })).status).toBe(304)
    // A tag of another coding is another representation: the full answer, in the coding asked for.
    const other = await get({ 'accept-encoding': 'gzip', 'if-none-match': brTag })
    expect(other.status).toBe(200)
    expect(other.headers['content-encoding']).toBe('gzip')
  })
})

describe('widget.js beside copies that are not its own', () => {
  it('serves only what decodes to the file, and warns about the stale copy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-widget-stale-'))
    const file = join(dir, 'widget.js')
    writeFileSync(file, SCRIPT)
    writePrecompressed(file)
    // An older build's brotli copy; the gzip one is the file's.
    writeFileSync(`${file}.br`, brotliCompressSync('console.log("an older widget")'))
    const warnings: string[] = []
    const widget = await serveWidget(file, warnings)
    try {
      const response = await rawRequest(widget.url, { headers: { 'accept-encoding': 'gzip, br' } })
      expect(response.headers['content-encoding']).toBe('gzip')
      expect(decodeBody(response).toString('utf8')).toBe(SCRIPT)
      expect(warnings.join('\n')).toContain(`${file}.br is not a compressed copy of ${file}`)
    } finally {
      await widget.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('serves the file alone when its build wrote no copies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-widget-plain-'))
    const file = join(dir, 'widget.js')
    writeFileSync(file, SCRIPT)
    const widget = await serveWidget(file)
    try {
      const response = await rawRequest(widget.url, { headers: { 'accept-encoding': 'gzip, br' } })
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.body.toString('utf8')).toBe(SCRIPT)
    } finally {
      await widget.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
