import { afterAll, beforeAll } from 'vitest'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { browserAvailability, launchChromium, saveScreenshot } from '@chatbot-kit/test-utils'
import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type ChatbotConfig, type ChatbotPlugin, type RunningServer } from 'chatbot-kit'

export const BUNDLE = fileURLToPath(new URL('../../dist/widget.js', import.meta.url))

/** Checked at collection: the suite fails loudly without Chromium, or skips under `CHATBOT_SKIP_BROWSER=1`. */
export const availability = browserAvailability()
if (!availability.run) console.warn(`[widget browser tests] ${availability.reason}`)

export const GREETING = 'Hello! Ask me anything about the shop.'

/** Content-Security-Policies the test page can be served under, `?csp=<name>` (docs/security.md). */
export const POLICIES = {
  /** The usual strict policy: everything from the page's origin, no inline code or styles, no eval. */
  strict: "default-src 'self'; script-src 'self'; style-src 'self'",
  /** Nothing at all but what the widget needs. */
  minimal: "default-src 'none'; script-src 'self'; connect-src 'self'",
}

/**
 * Stylesheets the test page can link, `?sheet=<name>`: served from the page's origin, so the
 * strict policy allows them, and applied before the widget's script runs.
 */
export const SHEETS = {
  /** docs/widget.md's rule reserving an inline widget's box, on a page whose text is 18px, a screen of text after it. */
  reserve: "body { font-size: 18px } chatbot-widget[position='inline'] { display: block; height: 32em } chatbot-widget + p { min-height: 100vh }",
  /** A universal reset, and inherited text styles no widget should take (docs/widget.md, "What page CSS can reach"). */
  hostile:
    '* { all: unset } head, script, style, title { display: none } body { display: block; font: 30px/3 cursive; letter-spacing: 0.4em; word-spacing: 1em; text-transform: uppercase; text-align: center; white-space: pre; color: #777; text-shadow: 2px 2px red; cursor: wait }',
}

/** What a turn received, recorded by a tiny plugin: the client extractors the server accepted. */
export interface Recorder {
  clientExtractors: Record<string, string>[]
}

function silentLogger() {
  const noop = () => {}
  return { error: noop, warn: noop, info: noop, success: noop, log: noop, debug: noop } as never
}

function recorderPlugin(recorder: Recorder): ChatbotPlugin {
  return {
    name: 'test-recorder',
    setup(chatbot) {
      chatbot.hooks.hook('turn:start', (turn) => {
        recorder.clientExtractors.push({ ...turn.clientExtractors })
      })
    },
  }
}

/**
 * A page hosting the widget, for the chatbot without the fixture (the demo provider behind it),
 * with a link after it (what Tab reaches when it leaves the widget). `?csp=strict` or
 * `?csp=minimal` serves it under that one of `POLICIES`, without the page's own inline style;
 * `?dir=rtl` makes it right-to-left, `?channel=support` renders the channel with handoff, `?channel=files` the one with attachments, `?position=inline` renders the widget inline (text follows
 * it), `?sheet=<name>` links that one of `SHEETS`.
 */
function pagePlugin(): ChatbotPlugin {
  return {
    name: 'test-page',
    setup(chatbot) {
      chatbot.route({
        name: 'test.page',
        method: 'GET',
        path: '/test-page',
        stateful: true,
        async handler(event) {
          const query = event.url.searchParams
          const policy = POLICIES[query.get('csp') as keyof typeof POLICIES] as string | undefined
          const position = query.get('position') === 'inline' ? 'inline' : undefined
          const channel = ['support', 'files'].find((name) => name === query.get('channel')) ?? 'default'
          const widget = await chatbot.renderWidget(event, { channel, title: 'Shop assistant', position })
          const body = policy || query.has('sheet') ? '<body>' : '<body style="font-family: Georgia, serif; margin: 2em">'
          const sheet = query.has('sheet') ? `<link rel="stylesheet" href="/chatbot/test-page.css?sheet=${encodeURIComponent(query.get('sheet')!)}">` : ''
          const html = `<!doctype html><html lang="en" dir="${query.get('dir') === 'rtl' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Widget page</title>${sheet}${widget.head}${widget.script}</head>${body}<h1>Acme shop</h1><p>Anvils, hammers and more.</p>${widget.element}<p>Delivery in three days. <a href="#delivery">Delivery terms</a></p></body></html>`
          const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }
          if (policy) headers['content-security-policy'] = policy
          return new Response(html, { headers })
        },
      })
      chatbot.route({
        name: 'test.page.css',
        method: 'GET',
        path: '/test-page.css',
        stateful: false,
        handler: (event) => new Response(SHEETS[event.url.searchParams.get('sheet') as keyof typeof SHEETS] ?? '', { headers: { 'content-type': 'text/css' } }),
      })
    },
  }
}

export interface WidgetServer {
  chatbot: Chatbot
  server: RunningServer
  recorder: Recorder
  provider?: DemoProvider
  /**
   * Restarts the server as a deploy (or the playground before 1.2) does: same port and database,
   * a new app key, so the envelopes of open pages no longer verify. `chatbot` and `server` are the new ones.
   */
  restart(): Promise<void>
  close(): Promise<void>
}

/**
 * A real chatbot-kit chatbot over a real socket, with the default `web` route middleware (so a
 * CSRF token) and a temporary SQLite file. `fixture: true` turns on the test-fixture page and its
 * echo provider; otherwise the demo provider answers and `/chatbot/test-page` hosts the widget.
 */
export async function startWidgetServer(options: { fixture: boolean }): Promise<WidgetServer> {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npx vite build\` in widget/ (npm test builds it first).`)
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-widget-browser-'))
  const recorder: Recorder = { clientExtractors: [] }
  const provider = options.fixture ? undefined : await createDemoProvider()
  const config: ChatbotConfig = {
    database: join(dir, 'chatbot.sqlite'),
    playwrightFixture: { enabled: options.fixture },
    ...(provider ? { baseUrl: provider.url, apiKey: 'test-key' } : {}),
    throttle: { perMinute: 1000, perDay: 100_000 },
    channels: {
      default: { greeting: GREETING, allowedExtractors: ['fast', 'slow'], extractorTimeoutMs: 300 },
      // Human handoff on (docs/handoff.md): the page `?channel=support`.
      support: { greeting: GREETING, handoff: { enabled: true } },
      // Attachments on (docs/attachments.md): the page `?channel=files`.
      files: { greeting: GREETING, attachments: { enabled: true, types: ['image/*', 'text/*'], maxFiles: 3 } },
    },
    plugins: [recorderPlugin(recorder), ...(options.fixture ? [] : [pagePlugin()])],
  }
  const start = async (port: number) => {
    const chatbot = await createChatbot({ ...config, appKey: generateAppKey() }, { env: { NODE_ENV: 'test' }, logger: silentLogger() })
    return { chatbot, server: await serveChatbot(chatbot, { port }) }
  }
  const app: WidgetServer = {
    ...(await start(0)),
    recorder,
    provider,
    async restart() {
      await app.server.close()
      Object.assign(app, await start(Number(new URL(app.server.url).port)))
    },
    async close() {
      await app.server.close()
      await app.chatbot.close()
      await provider?.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return app
}

export { launchChromium }

/**
 * A fresh context (own cookies and localStorage) and page; page errors fail the test that reads
 * `errors`. `prepare` runs before the page loads (init scripts, routes); `response` is the page's.
 * It returns once the page loaded and the element is defined, or with `waitUntil: 'commit'` as
 * soon as the page's response arrives.
 */
export async function openPage(browser: Browser, url: string, viewport = { width: 1024, height: 768 }, prepare?: (page: Page) => Promise<unknown>, waitUntil: 'load' | 'commit' = 'load') {
  const context: BrowserContext = await browser.newContext({ viewport, colorScheme: 'light' })
  const page: Page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await prepare?.(page)
  const response = await page.goto(url, { waitUntil })
  // `commit`: the caller holds something back (the widget's script) and waits for what it needs.
  if (waitUntil === 'load') await page.waitForFunction(() => customElements.get('chatbot-widget') !== undefined)
  return { context, page, errors, response }
}

/** Locators inside the widget's shadow root (Playwright's CSS pierces open shadow roots). */
export function widget(page: Page) {
  const host = page.locator('chatbot-widget')
  return {
    host,
    launcher: host.locator('[part="launcher"]'),
    panel: host.locator('[part="panel"]'),
    input: host.locator('[part="input"]'),
    send: host.locator('[part="send-button"]'),
    stop: host.locator('[part="stop-button"]'),
    error: host.locator('[part="error"]'),
    messages: host.locator('[part="message"]'),
    user: host.locator('.message.user'),
    assistant: host.locator('.message.assistant'),
  }
}

/** What the polite live region reads out now, one entry per paragraph. */
export const announced = (page: Page) => widget(page).host.locator('[aria-live="polite"] p').allTextContents()

/** The element focused inside the widget's shadow root: its part, else its accessible name or text. */
export const focused = (page: Page) =>
  widget(page).host.evaluate((host) => {
    const active = host.shadowRoot!.activeElement
    return active?.getAttribute('part') ?? active?.getAttribute('aria-label') ?? active?.textContent ?? null
  })

/** A stored message as the history route lists it (contract §5, §9.1, §9.4). */
export interface HistoryEntry {
  id: string | null
  role: string
  content: string
  feedback?: 'up' | 'down' | null
}

/** The conversation as the server lists it, asked from the page with its own envelope and cookies. */
export function history(page: Page) {
  return page.evaluate(async () => {
    const id = localStorage.getItem('chatbot:conversation:default')
    const token = document.querySelector('chatbot-widget')!.getAttribute('signed-context')!
    const response = await fetch(`/chatbot/conversations/${id}/messages?signed_context=${encodeURIComponent(token)}`)
    return (await response.json()) as { messages: HistoryEntry[]; pending_approval: { calls: { name: string }[] } | null }
  })
}

/** The messages' visible text, speaker labels left out. */
export async function transcript(page: Page): Promise<string[]> {
  return page.locator('chatbot-widget').evaluate((host) =>
    [...host.shadowRoot!.querySelectorAll('[part="message"]')].map((message) => {
      // `innerText`: line breaks as the reader sees them (`<br>`, paragraphs, `pre-wrap`).
      const body = message.querySelector<HTMLElement>('.plain, .markdown')
      return `${message.classList.contains('user') ? 'user' : 'assistant'}: ${body?.innerText ?? ''}`
    }),
  )
}

/** `test-results/screenshots/<name>.png`, through the helper every browser suite shares. */
export const screenshot = (page: Page, name: string): Promise<string> => saveScreenshot(page, name)

/** Under `CHATBOT_UPDATE_DOCS_SCREENSHOT=1`, copies a screenshot to `docs/images/<image>`, the picture a docs page shows. */
export function refreshDocsImage(screenshotPath: string, image: string): void {
  if (process.env.CHATBOT_UPDATE_DOCS_SCREENSHOT !== '1') return
  const target = fileURLToPath(new URL(`../../../docs/images/${image}`, import.meta.url))
  mkdirSync(dirname(target), { recursive: true })
  copyFileSync(screenshotPath, target)
}

/**
 * One server (the demo provider behind it, no fixture) and one browser from `launch` for a
 * suite, started in `beforeAll` and closed in `afterAll`; read `app` and `browser` inside tests.
 */
export function useServerAndBrowser<B extends { close(): Promise<unknown> }>(launch: () => Promise<B>): { readonly app: WidgetServer; readonly browser: B } {
  const suite = {} as { app: WidgetServer; browser: B }
  beforeAll(async () => {
    ;[suite.app, suite.browser] = await Promise.all([startWidgetServer({ fixture: false }), launch()])
  })
  afterAll(async () => {
    await suite.browser?.close()
    await suite.app?.close()
  })
  return suite
}

/** `useServerAndBrowser` with Chromium, and the test page's address. */
export function useTestPage() {
  const suite = useServerAndBrowser(launchChromium)
  return {
    get app() {
      return suite.app
    },
    get browser() {
      return suite.browser
    },
    pageUrl: () => `${suite.app.server.url}/chatbot/test-page`,
    /** The text of the last assistant message. */
    replyText: (page: Page) => widget(page).assistant.last().locator('.markdown').innerText(),
  }
}
