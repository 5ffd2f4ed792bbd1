import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeBody, rawRequest, silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type RunningServer } from 'chatbot-kit'
import { resolveWidgetFile } from '../src/widget-file.js'

// The widget bundle chatbot-kit hands the kernel (widget/dist, as built), over a real socket:
// what a browser downloads is the build's gzip or brotli copy, within the documented 25 KB.

const BUDGET_BYTES = 25 * 1024

describe('GET /chatbot/widget.js from chatbot-kit', () => {
  let dir: string
  let chatbot: Chatbot
  let server: RunningServer
  let bundle: Buffer

  beforeAll(async () => {
    const file = resolveWidgetFile()
    if (!file) throw new Error('Build the widget first: npm run build -w @chatbot-kit/widget (npm test builds it).')
    bundle = readFileSync(file)
    dir = mkdtempSync(join(tmpdir(), 'chatbot-widget-bundle-'))
    chatbot = await createChatbot({ appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite') }, { env: {}, logger: silentLogger() })
    server = await serveChatbot(chatbot, { port: 0 })
  })
  afterAll(async () => {
    await server?.close()
    await chatbot?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('sends brotli to Chromium and Firefox, gzip to a gzip-only client, the file to the others: all the same bytes, within the budget', async () => {
    const url = `${server.url}/chatbot/widget.js`
    const sizes: Record<string, number> = {}
    // Chromium's and Firefox's Accept-Encoding, then curl --compressed without brotli, then none.
    for (const [accept, coding] of [['gzip, deflate, br, zstd', 'br'], ['gzip, deflate', 'gzip'], [undefined, undefined]] as const) {
      const response = await rawRequest(url, { headers: accept ? { 'accept-encoding': accept } : {} })
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding']).toBe(coding)
      expect(decodeBody(response).equals(bundle)).toBe(true)
      sizes[coding ?? 'identity'] = response.body.length
    }
    console.info(`[widget.js on the wire, bytes] ${JSON.stringify(sizes)}`)
    expect(sizes.identity).toBe(bundle.length)
    expect(sizes.gzip!).toBeLessThanOrEqual(BUDGET_BYTES)
    expect(sizes.br!).toBeLessThan(sizes.gzip!)
  })
})
