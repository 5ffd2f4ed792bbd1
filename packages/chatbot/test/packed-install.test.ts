import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeApp } from './packed/apps.js'
import { envelopeClaims, GREETING, itServesTheChatbot } from './packed/checks.js'
import { pageSession } from './packed/session.js'
import { LAUNCHES, startPackedApp, type Kind, type StartedApp } from './packed/start.js'
import { hoistedVersion, installApps, packWorkspaces, REPO, run, timed } from './packed/workspace.js'

// chatbot-kit as users get it: every publishable workspace packed with `npm pack`, installed by
// npm into new apps outside the repository (no workspace links, no `externals` tweaks), then each
// app built and served the way its docs say: `chatbot serve`, a Nitro 2 app and a Nuxt 4 app with
// the modules (production builds, and `dev`), and a plain `node:http` server with
// `chatbot.nodeHandler`. Twice, for both places `h3` can end up: where npm hoists it next to
// Nuxt and Nitro (chatbot-kit's v2 at the top, today), and v1 at the top (an app that depends on
// h3 itself, as many Nitro apps do). It needs npm and the registry (the npm cache makes it fast):
// without them it fails. `npm test` builds first.

const KINDS = Object.keys(LAUNCHES) as Kind[]
const LAYOUTS = {
  hoisted: { dependencies: { nitropack: '^2', nuxt: '~4.4' }, kinds: KINDS },
  'h3-v1': { dependencies: { nitropack: '^2', h3: '^1' }, kinds: ['serve', 'nitro', 'node'] as Kind[] },
}
type Layout = keyof typeof LAYOUTS
const LAYOUT_NAMES = Object.keys(LAYOUTS) as Layout[]
const PRODUCTION = new Set<Kind>(['serve', 'nitro', 'nuxt', 'node'])
const BUILT = ['packages/chatbot/dist/nitro/module.js', 'packages/chatbot/dist/nuxt/module.js', 'packages/kernel/dist/kernel.js', 'widget/dist/widget.js', 'packages/console/dist/index.html']

describe('chatbot-kit installed from its packed packages', () => {
  const apps = new Map<string, StartedApp>()
  const app = (layout: Layout, kind: Kind) => apps.get(`${layout}/${kind}`)!
  let work: string
  let tarballs: Map<string, string>

  beforeAll(async () => {
    const missing = BUILT.filter((file) => !existsSync(join(REPO, file)))
    if (missing.length > 0) throw new Error(`Build first (npm run build; npm test does): missing ${missing.join(', ')}`)
    work = mkdtempSync(join(tmpdir(), 'chatbot-packed-'))
    mkdirSync(join(work, 'tarballs'))
    tarballs = await timed('npm pack', () => packWorkspaces(join(work, 'tarballs')))
    console.log(`[packed] packed ${tarballs.size}: ${[...tarballs.keys()].join(', ')}`)
    await Promise.all(LAYOUT_NAMES.map((layout) => timed(`npm install (${layout})`, () => installApps(join(work, layout), tarballs, LAYOUTS[layout].dependencies))))
    for (const layout of LAYOUT_NAMES) {
      console.log(`[packed] ${layout}: h3 ${hoistedVersion(join(work, layout), 'h3')} at the top of node_modules, nitropack ${hoistedVersion(join(work, layout), 'nitropack')}`)
      for (const kind of LAYOUTS[layout].kinds) writeApp(join(work, layout), LAUNCHES[kind].app, kind)
    }
    const builds = LAYOUT_NAMES.flatMap((layout) => [
      timed(`nitropack build (${layout})`, () => run('npx', ['--no', '--', 'nitropack', 'build'], join(work, layout, 'nitro'))),
      ...(LAYOUTS[layout].kinds.includes('nuxt') ? [timed(`nuxt build (${layout})`, () => run('npx', ['--no', '--', 'nuxt', 'build'], join(work, layout, 'nuxt')))] : []),
    ])
    await Promise.all(builds)
    // The builds compiled the config into `.output/`: the servers must not need the source.
    for (const layout of LAYOUT_NAMES) for (const kind of ['nitro', 'nuxt'] as Kind[]) rmSync(join(work, layout, kind, 'chatbot.config.ts'), { force: true })
    const starts = LAYOUT_NAMES.flatMap((layout) => LAYOUTS[layout].kinds.map(async (kind) => apps.set(`${layout}/${kind}`, await startPackedApp(join(work, layout), kind))))
    await timed(`start ${starts.length} servers`, () => Promise.all(starts))
  }, 20 * 60_000)

  // Nine graceful shutdowns and two app trees of Nuxt and Nitro to delete: minutes on a loaded machine.
  afterAll(async () => {
    await Promise.all([...apps.values()].map(async ({ running, provider }) => {
      await running.stop()
      await provider.close()
    }))
    if (work && !process.env.KEEP_PACKED) rmSync(work, { recursive: true, force: true })
    console.log(`[packed] work ${work}`)
  }, 5 * 60_000)

  for (const layout of LAYOUT_NAMES) for (const kind of LAYOUTS[layout].kinds) describe(`${layout}/${kind}`, () => itServesTheChatbot(kind, () => app(layout, kind)))

  describe.each([['hoisted', 'nitro'], ['hoisted', 'nitro-dev'], ['h3-v1', 'nitro']] as const)('%s/%s: the host app around the chatbot', (layout, kind) => {
    it("serves the host's own routes on the h3 Nitro runs on", async () => {
      const { origin } = app(layout, kind)
      const hello = await fetch(`${origin}/hello?name=ada`)
      expect(hello.status).toBe(200)
      expect(await hello.json()).toEqual({ hello: 'ada' })
      const outside = await fetch(`${origin}/not-chatbot`)
      expect(outside.status).toBe(404)
      expect(await outside.text()).not.toContain('not_found"')
    })

    it('renders the widget from a Nitro handler for the user identify returns', async () => {
      const { envelope, html } = await pageSession(`${app(layout, kind).origin}/page`, { 'x-demo-user': 'ada' })
      expect(html).toContain('<script type="module" src="/chatbot/widget.js"></script>')
      expect(envelopeClaims(envelope)).toMatchObject({ uid: 'ada', channel: 'support', route: 'nitro.page', greeting: GREETING })
    })
  })

  describe.each(['nuxt', 'nuxt-dev'] as const)('hoisted/%s: <ChatbotWidget> in the page', (kind) => {
    it('renders the element, its script and the CSRF meta tag, for a guest with the guest cookie', async () => {
      const { envelope, html, cookies } = await pageSession(`${app('hoisted', kind).origin}/`)
      expect(html).toContain('Nuxt host page')
      expect(html).toMatch(/<script type="module" src="\/chatbot\/widget.js"[^>]*><\/script>/)
      expect(envelopeClaims(envelope)).toMatchObject({ gid: expect.any(String), channel: 'support', route: 'nuxt.home', greeting: GREETING })
      expect(cookies.sort()).toEqual(['chatbot_guest_id', 'chatbot_session'])
    })

    it('mints the envelope for the user identify returns', async () => {
      const { envelope } = await pageSession(`${app('hoisted', kind).origin}/`, { 'x-demo-user': 'grace' })
      expect(envelopeClaims(envelope)).toMatchObject({ uid: 'grace', route: 'nuxt.home' })
      expect(envelopeClaims(envelope).gid).toBeUndefined()
    })

    it("leaves the host's own server routes on the h3 Nitro runs on", async () => {
      const hello = await fetch(`${app('hoisted', kind).origin}/api/hello?name=ada`)
      expect(hello.status).toBe(200)
      expect(await hello.json()).toEqual({ hello: 'ada' })
    })
  })

  it('ships the gzip and brotli copies of the widget and of each console asset', async () => {
    const listing = async (name: string) => (await run('tar', ['-tzf', tarballs.get(name)!], work)).split('\n').filter(Boolean)
    expect(await listing('@chatbot-kit/widget')).toEqual(expect.arrayContaining(['package/dist/widget.js', 'package/dist/widget.js.gz', 'package/dist/widget.js.br']))
    const consoleFiles = await listing('@chatbot-kit/console')
    const assets = consoleFiles.filter((path) => /^package\/dist\/assets\/[^/]+\.(?:js|css)$/.test(path))
    expect(assets.length).toBeGreaterThanOrEqual(2)
    for (const asset of assets) expect(consoleFiles).toEqual(expect.arrayContaining([`${asset}.gz`, `${asset}.br`]))
  })

  it('loads chatbot-kit/ai-sdk (without the optional ai package) and returns a transport', async () => {
    const script = "const { createChatbotTransport } = await import('chatbot-kit/ai-sdk'); const t = createChatbotTransport({ signedContext: 'e', conversationId: 'c' }); console.log(JSON.stringify([typeof t.sendMessages, typeof t.reconnectToStream, typeof t.loadMessages, t.conversationId]))"
    const output = await run('node', ['--input-type=module', '-e', script], join(work, 'hoisted'))
    expect(existsSync(join(work, 'hoisted', 'node_modules', 'ai'))).toBe(false)
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual(['function', 'function', 'function', 'c'])
  })

  const production = LAYOUT_NAMES.flatMap((layout) => LAYOUTS[layout].kinds.filter((kind) => PRODUCTION.has(kind)).map((kind) => [layout, kind] as const))
  it.each(production)('%s/%s closes the chatbot when the server shuts down', async (layout, kind) => {
    const { running, closeProbe } = app(layout, kind)
    await running.stop()
    expect(readFileSync(closeProbe, 'utf8')).toBe('closed')
  })
})
