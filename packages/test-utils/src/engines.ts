import type { Browser as ChromiumBrowser, Page as ChromiumPage } from 'playwright-core'
import type { Browser as FirefoxBrowser, Page as FirefoxPage } from 'puppeteer-core'
import { launchChromium } from './browser.js'
import { launchFirefox } from './firefox.js'
import { saveScreenshot } from './page-checks.js'

export interface OpenOptions {
  width?: number
  height?: number
  /** Emulated `prefers-color-scheme` (default light; dark in Chromium only). */
  colorScheme?: 'light' | 'dark'
}

/**
 * A page in Chromium or Firefox ESR, driven the same way, for behaviour that may differ between
 * engines (focus, right-to-left layout, live regions). Each page has its own browser context
 * (cookies, storage).
 */
export interface EnginePage {
  /** The driver's own page, for what both drivers' pages take (`findAccessibilityViolations`). */
  readonly driven: ChromiumPage | FirefoxPage
  /** Uncaught exceptions of the page so far. */
  readonly errors: string[]
  /** Runs `fn(arg)` in the page (serialised: no closures) and returns its result. */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>
  /** Presses a key (`Tab`, `Enter`, `Escape`) as a user does, Shift held when asked. */
  press(key: string, options?: { shift?: boolean }): Promise<void>
  type(text: string): Promise<void>
  /** Resizes the viewport, as a window resize or a zoom does for the page's layout. */
  resize(size: { width: number; height: number }): Promise<void>
  /** Saves `test-results/screenshots/<name>.png`; returns its path. */
  screenshot(name: string): Promise<string>
  close(): Promise<void>
}

export interface EngineBrowser {
  open(url: string, options?: OpenOptions): Promise<EnginePage>
  close(): Promise<void>
}

export interface BrowserEngine {
  name: 'Chromium' | 'Firefox ESR'
  launch(): Promise<EngineBrowser>
}

const DEFAULT_SIZE = { width: 1024, height: 768 }

/** What both drivers' pages do alike; `own` is what each does its own way. */
function enginePage(page: ChromiumPage | FirefoxPage, own: Pick<EnginePage, 'press' | 'resize' | 'close'>): EnginePage {
  const errors: string[] = []
  const driven = page as ChromiumPage
  driven.on('pageerror', (error: unknown) => errors.push(error instanceof Error ? error.message : String(error)))
  return {
    driven: page,
    errors,
    evaluate: (fn, arg) => driven.evaluate(fn as never, arg) as never,
    type: (text) => driven.keyboard.type(text),
    screenshot: (name) => saveScreenshot(page, name),
    ...own,
  }
}

async function openChromium(browser: ChromiumBrowser, url: string, options: OpenOptions): Promise<EnginePage> {
  const context = await browser.newContext({ viewport: { ...DEFAULT_SIZE, ...options }, colorScheme: options.colorScheme ?? 'light' })
  const page = await context.newPage()
  const opened = enginePage(page, {
    press: (key, { shift = false } = {}) => page.keyboard.press(shift ? `Shift+${key}` : key),
    resize: (size) => page.setViewportSize(size),
    close: () => context.close(),
  })
  await page.goto(url)
  return opened
}

async function openFirefox(browser: FirefoxBrowser, url: string, options: OpenOptions): Promise<EnginePage> {
  // puppeteer emulates media features over CDP only, which Firefox no longer speaks; headless Firefox is light.
  if (options.colorScheme === 'dark') throw new Error('prefers-color-scheme: dark is not emulated in Firefox over WebDriver BiDi: check dark in Chromium')
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  const opened = enginePage(page, {
    async press(key, { shift = false } = {}) {
      if (shift) await page.keyboard.down('Shift')
      await page.keyboard.press(key as never)
      if (shift) await page.keyboard.up('Shift')
    },
    resize: (size) => page.setViewport(size),
    close: () => context.close(),
  })
  await page.setViewport({ ...DEFAULT_SIZE, ...options })
  await page.goto(url)
  return opened
}

/** Debian's Chromium through playwright-core and Firefox ESR over WebDriver BiDi through puppeteer-core. */
export const BROWSER_ENGINES: BrowserEngine[] = [
  {
    name: 'Chromium',
    async launch() {
      const browser = await launchChromium()
      return { open: (url, options = {}) => openChromium(browser, url, options), close: () => browser.close() }
    },
  },
  {
    name: 'Firefox ESR',
    async launch() {
      const browser = await launchFirefox()
      return { open: (url, options = {}) => openFirefox(browser, url, options), close: () => browser.close() }
    },
  },
]
