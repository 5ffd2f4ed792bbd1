import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type ChatbotConfig, type CreateChatbotOptions } from '@chatbot-kit/kernel'
import { createCookieJar, silentLogger, type CookieJar } from '@chatbot-kit/test-utils'

export { silentLogger }
import { getQuery } from 'h3'
import { currentConversationId, webPlugin, type WebPluginOptions } from '../src/index.js'

export interface WebHarness {
  chatbot: Chatbot
  provider: DemoProvider
  /** `http://127.0.0.1:PORT`: a real socket. */
  origin: string
  /** A browser: its own cookies. */
  browser(): CookieJar
  /** `GET /page?channel=…` (a host page rendering the widget), as `browser`. */
  page(browser: CookieJar, query?: Record<string, string>, headers?: Record<string, string>): Promise<RenderedPage>
  /** `POST /chatbot/messages` as `browser`; `csrf` becomes `X-CSRF-TOKEN`. */
  post(browser: CookieJar, body: Record<string, unknown>, csrf?: string, headers?: Record<string, string>): Promise<Response>
  history(browser: CookieJar, conversationId: string, envelope: string): Promise<Response>
  close(): Promise<void>
}

export interface RenderedPage {
  response: Response
  html: string
  /** The `<meta name="csrf-token">` content, when the page has one. */
  csrf: string | undefined
  /** The `signed-context` attribute of the first `<chatbot-widget>`. */
  envelope: string
  envelopes: string[]
}

const unescape = (value: string) => value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))

export function parsePage(html: string): Omit<RenderedPage, 'response'> {
  const csrf = /<meta name="csrf-token" content="([^"]*)">/.exec(html)?.[1]
  const envelopes = [...html.matchAll(/<chatbot-widget[^>]* signed-context="([^"]+)"/g)].map((match) => unescape(match[1]!))
  return { html, csrf: csrf === undefined ? undefined : unescape(csrf), envelope: envelopes[0] ?? '', envelopes }
}

/** The payload of an envelope (public by design), to read its `uid`/`gid`. */
export function envelopePayload(envelope: string): { uid?: string; gid?: string; route: string; channel: string } {
  return JSON.parse(Buffer.from(envelope.split('.')[0]!, 'base64url').toString('utf8'))
}

export const widgetFile = join(tmpdir(), `chatbot-web-widget-${process.pid}.js`)
writeFileSync(widgetFile, 'customElements.define("chatbot-widget", class extends HTMLElement {})\n')


/**
 * A chatbot running the web plugin on a fresh SQLite file, served on a real socket, talking to
 * the project's OpenAI-compatible test provider. Its app also serves `/page`, a host page that
 * renders the widget (`?channel=`, `?widgets=2`; `x-test-user` makes `identify` return a user) and
 * `/current`, the host helper `currentConversationId` as JSON; `options.routes` adds more.
 */
export async function createWebHarness(
  config: ChatbotConfig = {},
  options: CreateChatbotOptions & { web?: WebPluginOptions; routes?: (chatbot: Chatbot) => void } = {},
): Promise<WebHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-web-test-'))
  const provider = await createDemoProvider()
  const cleanUp = async () => {
    await provider.close()
    rmSync(dir, { recursive: true, force: true })
  }
  const chatbot = await createChatbot(
    {
      appKey: generateAppKey(),
      database: join(dir, 'chatbot.sqlite'),
      baseUrl: provider.url,
      apiKey: 'test-key',
      identify: (event) => {
        const user = event.req.headers.get('x-test-user')
        return user ? { userId: user } : null
      },
      plugins: [webPlugin(options.web)],
      // chatbot-kit's default; the kernel alone runs no middleware.
      routeMiddleware: ['web'],
      ...config,
    },
    { env: {}, logger: silentLogger(), widgetFile, ...options },
  ).catch(async (error: unknown) => {
    await cleanUp()
    throw error
  })
  chatbot.app.get('/page', async (event) => {
    const query = getQuery(event)
    const channel = typeof query.channel === 'string' ? query.channel : 'default'
    const widgets = []
    for (let index = 0; index < Number(query.widgets ?? 1); index++) widgets.push(await chatbot.renderWidget(event, { channel, route: 'test.page' }))
    const html = `<!doctype html><html><head>${widgets[0]!.head}${widgets[0]!.script}</head><body>${widgets.map((widget) => widget.element).join('')}</body></html>`
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  })
  chatbot.app.get('/current', (event) => ({ id: currentConversationId(event, chatbot, String(getQuery(event).channel ?? 'default')) ?? null }))
  options.routes?.(chatbot)
  const server = await serveChatbot(chatbot, { port: 0 })
  const origin = server.url

  return {
    chatbot,
    provider,
    origin,
    browser: () => createCookieJar(),
    async page(browser, query = {}, headers = {}) {
      const response = await browser.fetch(`${origin}/page?${new URLSearchParams(query)}`, { headers })
      return { response, ...parsePage(await response.text()) }
    },
    post: (browser, body, csrf, headers = {}) =>
      browser.fetch(`${origin}/chatbot/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(csrf === undefined ? {} : { 'x-csrf-token': csrf }), ...headers },
        body: JSON.stringify(body),
      }),
    history: (browser, id, envelope) => browser.fetch(`${origin}/chatbot/conversations/${id}/messages?signed_context=${encodeURIComponent(envelope)}`),
    async close() {
      await server.close()
      await chatbot.close()
      await cleanUp()
    },
  }
}
