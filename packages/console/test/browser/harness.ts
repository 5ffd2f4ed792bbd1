import { afterAll, beforeAll, expect } from 'vitest'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { browserAvailability, launchChromium, silentLogger, watchPageProblems, type PageProblems } from '@chatbot-kit/test-utils'
import { createChatbot, definePlugin, defineTool, generateAppKey, serveChatbot, type Chatbot, type RunningServer } from 'chatbot-kit'
import { seed, storeHistory, type Seeded } from './seed.js'

export const ADMIN_TOKEN = 'console-admin-token-0123456789'

/** Checked at collection: the suite fails loudly without Chromium, or skips under `CHATBOT_SKIP_BROWSER=1`. */
export const availability = browserAvailability()
if (!availability.run) console.warn(`[console browser tests] ${availability.reason}`)

/** A chatbot-kit server for the console; `close()` stops and removes everything. */
export interface ServedConsole {
  chatbot: Chatbot
  provider: DemoProvider
  origin: string
  /** Where the knowledge sources' files are: `help/` and `policies/`. */
  knowledgeDir: string
  close(): Promise<void>
}

export interface ConsoleServer extends ServedConsole {
  seeded: Seeded
}

/** The knowledge sources, copied from fixtures/ (Markdown, and a PDF that is not one, which a sync reports) into the server's folder. */
const knowledgeSources = (dir: string) => {
  cpSync(fileURLToPath(new URL('fixtures', import.meta.url)), join(dir, 'knowledge'), { recursive: true })
  return {
    help: { type: 'files' as const, path: join(dir, 'knowledge', 'help'), baseUrl: 'https://shop.example/help/' },
    policies: { type: 'files' as const, path: join(dir, 'knowledge', 'policies') },
  }
}

const orderParameters = { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] }

/**
 * chatbot-kit as a host runs it (the built-in plugins but those named in `without`, the admin
 * token, a SQLite file) over a real socket, with the demo provider behind it.
 */
async function serveConsole(without: string[]): Promise<ServedConsole> {
  if (!existsSync(fileURLToPath(new URL('../../dist/files.js', import.meta.url)))) throw new Error('The console is not built: run `npm run build -w @chatbot-kit/console` (npm test builds it).')
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-console-browser-'))
  const provider = await createDemoProvider()
  const chatbot = await createChatbot(
    {
      appKey: generateAppKey(),
      database: join(dir, 'chatbot.sqlite'),
      baseUrl: provider.url,
      apiKey: 'test-key',
      admin: { token: ADMIN_TOKEN },
      // Seeding posts with minted envelopes: no session cookie or CSRF token to fetch first.
      routeMiddleware: [],
      throttle: { perMinute: 10_000, perDay: 100_000 },
      // `support` searches the help source only, and offers a person (the Inbox).
      channels: { default: { allowedTools: ['order_status', 'refund'] }, support: { attachments: { enabled: true, types: ['text/*'] }, ...(!without.includes('handoff') && { handoff: { enabled: true } }), ...(!without.includes('knowledge') && { knowledge: ['help'] }) } },
      ...(!without.includes('knowledge') && { knowledge: { sources: knowledgeSources(dir) } }),
      // A host plugin of a built-in's name replaces it: these do nothing.
      plugins: without.map((name) => definePlugin({ name })),
    },
    { env: { NODE_ENV: 'test' }, logger: silentLogger() },
  )
  const server: RunningServer = await serveChatbot(chatbot, { port: 0 })
  return {
    chatbot,
    provider,
    origin: server.url,
    knowledgeDir: join(dir, 'knowledge'),
    async close() {
      await server.close()
      await chatbot.close()
      await provider.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Every built-in plugin, seeded with conversations (see seed.ts). */
export async function startConsoleServer(): Promise<ConsoleServer> {
  const served = await serveConsole([])
  const { chatbot, provider, origin } = served
  // A tracking history long enough that the transcript shows its result in a box that scrolls.
  const tracking = Array.from({ length: 40 }, (_, i) => ({ at: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00+00:00`, event: `Scanned at depot ${i + 1}` }))
  chatbot.registerTool(defineTool({ name: 'order_status', description: 'Where an order is', parameters: orderParameters, persist: true, handler: ({ order }) => ({ order, status: 'shipped', tracking }) }))
  chatbot.registerTool(defineTool({ name: 'refund', description: 'Refund an order', parameters: orderParameters, approval: 'required', handler: ({ order }) => ({ order, refunded: true }) }))
  return { ...served, seeded: await seed(chatbot, provider, origin) }
}

/** Without the feedback, tools, knowledge and handoff plugins (whose views the console then hides), seeded with the history only. */
export async function startConsoleServerWithoutPlugins(): Promise<ServedConsole> {
  const served = await serveConsole(['feedback', 'tools', 'knowledge', 'handoff'])
  await storeHistory(served.chatbot)
  return served
}

/**
 * One server (`start`, every built-in plugin unless given) and one browser (Chromium, unless
 * `launch` starts another) for the suite; read `server` and `browser` inside tests.
 */
export function useConsole<S extends ServedConsole = ConsoleServer, B extends { close(): Promise<void> } = Browser>(
  start: () => Promise<S> = startConsoleServer as unknown as () => Promise<S>,
  launch: () => Promise<B> = launchChromium as unknown as () => Promise<B>,
) {
  const suite = {} as { server: S; browser: B }
  beforeAll(async () => {
    ;[suite.server, suite.browser] = await Promise.all([start(), launch()])
  })
  afterAll(async () => {
    await suite.browser?.close()
    await suite.server?.close()
  })
  return {
    get server() {
      return suite.server
    },
    get browser() {
      return suite.browser
    },
  }
}

export interface ConsolePage {
  context: BrowserContext
  page: Page
  problems: PageProblems
  /** The admin API's answers the page received: path and status. */
  apiCalls: { path: string; status: number }[]
  /** The console's script and stylesheet as they came: path and `Content-Encoding`. */
  assets: { path: string; encoding: string | undefined }[]
  /**
   * Asserts the browser reported no CSP violation, console error (Chromium logs every 4xx answer
   * as one) or uncaught exception, and that the API refused no call, then closes.
   */
  close(): Promise<void>
}

/** A fresh context (its own sessionStorage) on the console's page, watched for CSP violations and errors. */
export async function openConsole(browser: Browser, url: string, options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; cookies?: Record<string, string> } = {}): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 }, colorScheme: options.colorScheme ?? 'light', acceptDownloads: true })
  await context.addCookies(Object.entries(options.cookies ?? {}).map(([name, value]) => ({ name, value, url })))
  const page = await context.newPage()
  const problems = await watchPageProblems(page)
  const apiCalls: { path: string; status: number }[] = []
  const assets: { path: string; encoding: string | undefined }[] = []
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (pathname.includes('/admin/trpc/')) apiCalls.push({ path: pathname, status: response.status() })
    if (pathname.includes('/admin/assets/')) assets.push({ path: pathname, encoding: response.headers()['content-encoding'] })
  })
  await page.goto(url)
  return {
    context,
    page,
    problems,
    apiCalls,
    assets,
    async close() {
      expect(await problems.violations(), 'CSP violations').toEqual([])
      expect(apiCalls.filter((call) => call.status === 401), 'calls refused').toEqual([])
      expect(problems.consoleErrors, 'console errors').toEqual([])
      expect(problems.pageErrors, 'uncaught exceptions').toEqual([])
      await context.close()
    },
  }
}

/** For `expect.poll`: room for a loaded machine (its default gives up after a second). */
export const POLL = { timeout: 15_000 }

/** Signs in with `token` through the form. */
export async function signIn(page: Page, token = ADMIN_TOKEN): Promise<void> {
  await page.getByLabel('Admin token').fill(token)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
