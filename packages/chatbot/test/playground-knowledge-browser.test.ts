import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROWSER_ENGINES, browserAvailability, findAccessibilityViolations, firefoxAvailability, formatViolations, listenNode, saveScreenshot, type EngineBrowser, type EnginePage, type OpenOptions } from '@chatbot-kit/test-utils'
import { click, isIdle, isShown, lastReply, sendMessage, waitForWidget } from '../../../widget/test/browser/engine-harness.js'
import { assertBuilt, cleanEnv, PLAYGROUND_SECRETS, start, stop } from './cli.js'

// The playground's help centre as a visitor meets it: `chatbot dev` in playground/ (its config,
// the human-paced demo provider, the help source synced at start), the widget asked about returns
// in Chromium (light and dark) and Firefox ESR: a `[1]` link and a Sources list pointing at the
// returns page the playground serves, which a click opens; axe-core finds nothing with it shown.
const PLAYGROUND = fileURLToPath(new URL('../../../playground/', import.meta.url))
const READY = /dev server: (http:\/\/[\d.]+:\d+)/
const chromium = browserAvailability()
const firefox = firefoxAvailability()

/** A port free now: `chatbot dev` must listen where `PLAYGROUND_URL` (the source links) says. */
async function freePort(): Promise<string> {
  const probe = await listenNode(() => {})
  await probe.close()
  return new URL(probe.url).port
}

/** The last reply's `[n]` links and its Sources list: text and href of each link. */
const citationsOf = (page: EnginePage) =>
  page.evaluate(() => {
    const reply = [...document.querySelector('chatbot-widget')!.shadowRoot!.querySelectorAll('.message.assistant')].at(-1)!
    const links = (selector: string) => [...reply.querySelectorAll<HTMLAnchorElement>(selector)].map((link) => ({ text: link.textContent!.trim(), href: link.href, rel: link.rel, target: link.target }))
    const list = reply.querySelector('[part="sources"]')
    return { markers: links('.markdown a'), sources: links('[part="sources"] a'), label: list?.getAttribute('aria-label') ?? null }
  }, null)

describe.skipIf(!chromium.run)('the playground’s help centre in the widget', () => {
  let dir: string
  let server: Awaited<ReturnType<typeof start>>
  let origin: string

  beforeAll(async () => {
    assertBuilt()
    dir = mkdtempSync(join(tmpdir(), 'chatbot-playground-knowledge-'))
    const port = await freePort()
    const env = cleanEnv({ CHATBOT_DATABASE_URL: join(dir, 'playground.sqlite'), ...PLAYGROUND_SECRETS, CHATBOT_API_KEY: '', CHATBOT_BASE_URL: '', PLAYGROUND_MCP_PORT: await freePort(), PLAYGROUND_URL: `http://127.0.0.1:${port}` })
    server = await start(['dev', '--port', port], PLAYGROUND, env, READY)
    origin = server.match[1]!
    expect(origin).toBe(`http://127.0.0.1:${port}`)
  })
  afterAll(async () => {
    if (server) expect(await stop(server.child)).toBe(0)
    rmSync(dir, { recursive: true, force: true })
  })

  /** The playground page with the widget open, after "What is your return policy?" was answered. */
  async function askAboutReturns(browser: EngineBrowser, options: OpenOptions = {}): Promise<EnginePage> {
    const page = await browser.open(`${origin}/`, { width: 1100, height: 900, ...options })
    await waitForWidget(page)
    await click(page, '[part="launcher"]')
    await expect.poll(() => isShown(page, '[part="input"]')).toBe(true)
    await sendMessage(page, 'What is your return policy?')
    // The dev server's demo provider streams at a reading pace: a generous wait, never a timing assertion.
    await expect.poll(() => lastReply(page), { timeout: 30_000 }).toContain('[1]')
    await expect.poll(() => isIdle(page), { timeout: 30_000 }).toBe(true)
    return page
  }

  const returnsPage = () => `${origin}/chatbot/help/returns#return-policy`

  const expectCitations = async (page: EnginePage) => {
    expect(await lastReply(page)).toMatch(/30 days.*\[1\]/s)
    const { markers, sources, label } = await citationsOf(page)
    expect(markers[0]).toEqual({ text: '[1]', href: returnsPage(), rel: 'noopener noreferrer', target: '_blank' })
    expect(label).toBe('Sources')
    expect(sources[0]).toMatchObject({ text: 'Returns and refunds — Return policy', href: returnsPage() })
    expect(formatViolations(await findAccessibilityViolations(page.driven, { include: 'chatbot-widget' }))).toBe('')
  }

  describe('in Chromium', () => {
    const chromiumEngine = BROWSER_ENGINES.find((engine) => engine.name === 'Chromium')!
    let browser: EngineBrowser
    beforeAll(async () => {
      browser = await chromiumEngine.launch()
    })
    afterAll(async () => {
      await browser?.close()
    })

    it('cites the returns page, whose source link opens it at the cited heading', { timeout: 120_000 }, async () => {
      const page = await askAboutReturns(browser)
      await expectCitations(page)
      await page.screenshot('playground-knowledge-light')

      const driven = page.driven as Page
      const [opened] = await Promise.all([driven.context().waitForEvent('page'), driven.locator('chatbot-widget [part="sources"] a').first().click()])
      await opened.waitForLoadState()
      expect(opened.url()).toBe(returnsPage())
      expect(await opened.title()).toBe('Returns and refunds · ACME Anvils')
      expect(await opened.evaluate(() => document.querySelector(':target')?.textContent)).toBe('Return policy')
      expect(formatViolations(await findAccessibilityViolations(opened))).toBe('')
      await saveScreenshot(opened, 'playground-help-returns')
      expect(page.errors).toEqual([])
      await page.close()
    })

    it('shows the same in the dark scheme, axe-clean', { timeout: 120_000 }, async () => {
      const page = await askAboutReturns(browser, { colorScheme: 'dark' })
      await expectCitations(page)
      await page.screenshot('playground-knowledge-dark')
      await page.close()
    })
  })

  describe.skipIf(!firefox.run)('in Firefox ESR', () => {
    const firefoxEngine = BROWSER_ENGINES.find((engine) => engine.name === 'Firefox ESR')!
    let browser: EngineBrowser
    beforeAll(async () => {
      browser = await firefoxEngine.launch()
    })
    afterAll(async () => {
      await browser?.close()
    })

    it('cites the returns page with a [1] link and a Sources list, axe-clean', { timeout: 120_000 }, async () => {
      const page = await askAboutReturns(browser)
      await expectCitations(page)
      await page.screenshot('playground-knowledge-firefox')
      await page.close()
    })
  })
})
