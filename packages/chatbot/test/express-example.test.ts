import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { generateAppKey } from '@chatbot-kit/kernel'
import { launchChromium, readSse, saveScreenshot } from '@chatbot-kit/test-utils'
import { startApp, type RunningApp } from './packed/server.js'
import { pageSession } from './packed/session.js'
import { assertBuilt, cleanEnv } from './cli.js'

// docs/examples/express/server.mjs as the docs run it (`node server.mjs`), on a real Express,
// with the built chatbot-kit and the default `web` middleware: the page, its cookies and CSRF
// token, a message and its streamed reply.
const EXAMPLE = fileURLToPath(new URL('../../../docs/examples/express/server.mjs', import.meta.url))

describe('the Express example', () => {
  let provider: DemoProvider
  let server: RunningApp
  beforeAll(async () => {
    assertBuilt()
    provider = await createDemoProvider()
    const cwd = mkdtempSync(join(tmpdir(), 'chatbot-express-'))
    const env = cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_BASE_URL: provider.url, CHATBOT_API_KEY: 'test-key', PORT: '0', HOST: '127.0.0.1' })
    server = await startApp(process.execPath, [EXAMPLE], cwd, env, /Listening on (http:\/\/[\d.]+:\d+)/)
  })
  afterAll(async () => {
    expect(await server?.stop()).toBe(0)
    await provider?.close()
  })

  it('renders the widget on its own page and answers the widget over SSE', async () => {
    const session = await pageSession(`${server.origin}/`)
    expect(session.html).toContain('<h1>My shop</h1>')
    expect(session.html).toContain('<script type="module" src="/chatbot/widget.js"></script>')
    expect(session.cookies.sort()).toEqual(['chatbot_guest_id', 'chatbot_session'])
    expect(JSON.parse(Buffer.from(session.envelope.split('.')[0]!, 'base64url').toString())).toMatchObject({ route: 'shop.home', channel: 'default', gid: expect.any(String) })

    provider.script({ text: 'Anvils are in aisle three.' })
    const response = await session.fetch(`${server.origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: session.envelope, message: 'Where are the anvils?' }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const events = await readSse<{ type: string; content?: string }>(response)
    expect(events.filter((event) => event.type === 'token').map((event) => event.content).join('')).toBe('Anvils are in aisle three.')
    expect(events.at(-1)?.type).toBe('done')
    expect((await fetch(`${server.origin}/chatbot/widget.js`)).status).toBe(200)
  })

  it('in Chromium: the widget on the Express page opens and answers', async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 700 } })
      await page.goto(`${server.origin}/`)
      const widget = page.locator('chatbot-widget')
      await widget.locator('[part="launcher"]').click()
      provider.script({ text: 'We have three anvils in stock.' })
      await widget.locator('[part="input"]').fill('Do you have anvils?')
      await widget.locator('[part="input"]').press('Enter')
      await expect.poll(() => widget.locator('.message.assistant .markdown').last().innerText(), { timeout: 15_000 }).toBe('We have three anvils in stock.')
      await saveScreenshot(page, 'express-example')
    } finally {
      await browser.close()
    }
  })
})
