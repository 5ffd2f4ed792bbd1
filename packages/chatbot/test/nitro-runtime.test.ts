import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createCookieJar, listenNode, readSse, type Listener } from '@chatbot-kit/test-utils'
import { generateAppKey, type ChatbotConfig } from 'chatbot-kit'
import { handleChatbotRequest, setupNitroChatbot, useChatbot, RENDER_WIDGET_VIEW, type NitroEventLike, type RenderWidgetView } from '../src/nitro/runtime/index.js'
import { elementAttributes } from '../src/nitro/runtime/widget-view.js'

// What the Nitro and Nuxt modules run inside the server, driven by a stand-in for Nitro: a
// Node server that makes h3 v1-shaped events (`event.node.req/res`, `event.context`), runs the
// plugin's hooks, and routes `/assistant/**` to the module's handler. The packed test runs the
// real thing; this one pins the runtime's own behaviour quickly.

function createNitroStandIn(config: ChatbotConfig | undefined, base: string) {
  const hooks = new Map<string, ((...args: never[]) => unknown)[]>()
  const nitroApp = { hooks: { hook: (name: string, listener: (...args: never[]) => unknown) => void hooks.set(name, [...(hooks.get(name) ?? []), listener]) } }
  setupNitroChatbot(nitroApp, config, base)
  const call = (name: string, ...args: unknown[]) => Promise.all((hooks.get(name) ?? []).map((listener) => (listener as (...a: unknown[]) => unknown)(...args)))
  return {
    close: () => call('close'),
    handler: async (req: NitroEventLike['node']['req'], res: NitroEventLike['node']['res']) => {
      const event: NitroEventLike = { node: { req, res }, context: {} }
      await call('request', event)
      if (req.url!.startsWith(`${base}/`)) return handleChatbotRequest(event)
      // A Nuxt page rendering <ChatbotWidget>: the component calls what the plugin put on the context.
      const render = (event.context as Record<symbol, RenderWidgetView>)[RENDER_WIDGET_VIEW]!
      const view = await render({ channel: 'default', route: 'page.home' })
      res.appendHeader('set-cookie', 'host_cookie=1; Path=/') // the host's own cookie, set as h3's setCookie does
      res.appendHeader('content-type', 'application/json').end(JSON.stringify(view))
    },
  }
}

describe('the Nitro runtime of the modules', () => {
  let dir: string
  let provider: DemoProvider
  let nitro: ReturnType<typeof createNitroStandIn>
  let server: Listener
  const identified: unknown[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-nitro-runtime-'))
    provider = await createDemoProvider()
    const identify = (event: unknown) => {
      identified.push(event)
      const user = (event as NitroEventLike).node.req.headers['x-user']
      return typeof user === 'string' ? { userId: user } : null
    }
    nitro = createNitroStandIn({ appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), baseUrl: provider.url, apiKey: 'k', identify: identify as never }, '/assistant')
    server = await listenNode((req, res) => void nitro.handler(req, res))
  })

  afterAll(async () => {
    await server?.close()
    await nitro?.close()
    await provider?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('renders the widget view with its cookies on the page response, and the widget’s POST is accepted', async () => {
    const jar = createCookieJar()
    const page = await jar.fetch(`${server.url}/`)
    expect(page.headers.getSetCookie().map((line) => line.split('=')[0]).sort()).toEqual(['chatbot_guest_id', 'chatbot_session', 'host_cookie'])
    const view = (await page.json()) as { attributes: Record<string, string>; script: string; csrfToken: string }
    expect(view.script).toBe('/assistant/widget.js')
    expect(view.attributes).toMatchObject({ channel: 'default', 'signed-context': expect.any(String) })
    // identify was handed the host's (Nitro's) event, not an h3 v2 one.
    expect(identified.at(-1)).toHaveProperty('node.req')

    provider.script({ text: 'From the stand-in' })
    const response = await jar.fetch(`${server.url}/assistant/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': view.csrfToken },
      body: JSON.stringify({ signed_context: view.attributes['signed-context'], message: 'hi' }),
    })
    expect(response.status).toBe(200)
    expect((await readSse<{ type: string }>(response)).at(-1)?.type).toBe('done')
  })

  it('mints for the user identify returns', async () => {
    const view = (await (await fetch(`${server.url}/`, { headers: { 'x-user': 'ada' } })).json()) as { attributes: Record<string, string> }
    const claims = (await useChatbot()).verifyEnvelope(view.attributes['signed-context'])
    expect(claims).toMatchObject({ uid: 'ada', route: 'page.home', channel: 'default' })
  })

  it('reads back the attributes renderWidget writes, escapes included', () => {
    expect(elementAttributes('<chatbot-widget channel="a&#34;b" title="x &#38; y"></chatbot-widget>')).toEqual({ channel: 'a"b', title: 'x & y' })
  })
})

describe('a chatbot that failed to start', () => {
  it('answers its routes 503 service_unavailable, and leaves no chatbot behind once closed', async () => {
    const nitro = createNitroStandIn({ appKey: 'not-a-key' }, '/chatbot')
    const server = await listenNode((req, res) => void nitro.handler(req, res))
    try {
      const response = await fetch(`${server.url}/chatbot/health`)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } })
    } finally {
      await server.close()
      await nitro.close()
    }
    expect(() => useChatbot()).toThrow(/chatbot-kit\/nitro/)
  })
})
