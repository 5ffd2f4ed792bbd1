import { mkdtempSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAppKey, type Chatbot } from '@chatbot-kit/kernel'
import { createCookieJar, listen, listenNode, readSse, silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot } from '../src/create.js'

// `renderWidget` without h3: from a web `Request` (the result carries the cookies to set) and
// from Node's `{ req, res }` (the cookies go onto `res`), each page then used as a browser
// would: its cookies and CSRF token on the widget's POST, under the default `web` middleware.
describe('renderWidget for a web Request and for Node’s req/res', () => {
  let chatbot: Chatbot
  const identified: string[] = []
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-render-targets-'))
    chatbot = await createChatbot(
      {
        appKey: generateAppKey(),
        database: join(dir, 'chatbot.sqlite'),
        // Node's request reaches identify as `event.node.req`, where a framework keeps its user.
        identify: (event) => {
          const user = (event.node?.req as (IncomingMessage & { user?: string }) | undefined)?.user
          identified.push(user ?? event.req.headers.get('x-user') ?? 'guest')
          return user ? { userId: user } : null
        },
      },
      { logger: silentLogger() },
    )
    chatbot.fake({ text: 'Hi from the fake.' })
  })
  afterAll(() => chatbot.close())

  const page = (widget: { head: string; script: string; element: string }) => `<html><head>${widget.head}${widget.script}</head><body>${widget.element}</body></html>`

  /** What the widget of `html` sends: a message with the page's cookies and CSRF token. */
  async function chat(origin: string, jar: ReturnType<typeof createCookieJar>, html: string) {
    const envelope = html.match(/signed-context="([^"]+)"/)![1]!
    const csrf = html.match(/<meta name="csrf-token" content="([^"]+)"/)![1]!
    const response = await jar.fetch(`${origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ signed_context: envelope, message: 'hello' }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    return (await readSse<{ type: string }>(response)).at(-1)
  }

  it('from a web Request: the result carries the Set-Cookie lines the Response must send', async () => {
    const server = await listen(async (request) => {
      if (new URL(request.url).pathname.startsWith('/chatbot/')) return chatbot.fetch(request)
      const widget = await chatbot.renderWidget(request, { route: 'web.page' })
      const headers = new Headers(widget.headers)
      headers.set('content-type', 'text/html')
      return new Response(page(widget), { headers })
    })
    try {
      const jar = createCookieJar()
      const response = await jar.fetch(`${server.url}/shop`, { headers: { 'x-user': 'from-header' } })
      expect(response.headers.getSetCookie().map((line) => line.split('=')[0]).sort()).toEqual(['chatbot_guest_id', 'chatbot_session'])
      expect(identified.at(-1)).toBe('from-header')
      expect(await chat(server.url, jar, await response.text())).toMatchObject({ type: 'done' })
    } finally {
      await server.close()
    }
  })

  it("from Node's req and res: the cookies go onto res, and identify reads the framework's req", async () => {
    const server = await listenNode((req, res) => {
      if (req.url!.startsWith('/chatbot/')) return void chatbot.nodeHandler(req, res)
      ;(req as IncomingMessage & { user?: string }).user = 'ada'
      res.setHeader('set-cookie', 'host_cookie=1; Path=/')
      void chatbot.renderWidget({ req, res }, { route: 'node.page' }).then((widget) => {
        expect(widget.headers.getSetCookie()).toHaveLength(1)
        res.writeHead(200, { 'content-type': 'text/html' }).end(page(widget))
      })
    })
    try {
      const jar = createCookieJar()
      const response = await jar.fetch(`${server.url}/account?tab=1`)
      // A user: no guest cookie, the session's; the host's own cookie kept.
      expect(response.headers.getSetCookie().map((line) => line.split('=')[0]).sort()).toEqual(['chatbot_session', 'host_cookie'])
      const html = await response.text()
      const claims = JSON.parse(Buffer.from(html.match(/signed-context="([^".]+)/)![1]!, 'base64url').toString()) as Record<string, unknown>
      expect(claims).toMatchObject({ uid: 'ada', route: 'node.page' })
      expect(await chat(server.url, jar, html)).toMatchObject({ type: 'done' })
    } finally {
      await server.close()
    }
  })

  it('says so when the page response has already started', async () => {
    const server = await listenNode((req, res) => {
      res.writeHead(200).write('<html>')
      chatbot.renderWidget({ req, res }).then(
        () => res.end('rendered'),
        (error: Error) => res.end(error.message),
      )
    })
    try {
      expect(await (await fetch(`${server.url}/late`)).text()).toContain('the response head was already sent')
    } finally {
      await server.close()
    }
  })
})
