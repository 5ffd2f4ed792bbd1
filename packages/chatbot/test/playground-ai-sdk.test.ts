import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserAvailability, launchChromium, listenNode, saveScreenshot, watchPageProblems, type PageProblems } from '@chatbot-kit/test-utils'
import { assertBuilt, cleanEnv, PLAYGROUND_SECRETS, start, stop } from './cli.js'

// The playground's AI SDK example (docs/playground.md) as a visitor uses it: `chatbot dev` in
// playground/ with its config (the `web` middleware on: session cookie, CSRF), the human-paced
// demo provider, the page `/ai-sdk` built by `npm run build`, in Chromium, under the page's CSP.
const PLAYGROUND = fileURLToPath(new URL('../../../playground/', import.meta.url))
const BUILT_PAGE = join(PLAYGROUND, 'public/ai-sdk/dist/app.js')
const READY = /dev server: (http:\/\/[\d.]+:\d+)/
const availability = browserAvailability()

describe.skipIf(!availability.run)('the AI SDK example page, in Chromium', () => {
  let dir: string
  let server: Awaited<ReturnType<typeof start>>
  let origin: string
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let problems: PageProblems

  beforeAll(async () => {
    assertBuilt()
    if (!existsSync(BUILT_PAGE)) throw new Error('playground/public/ai-sdk/dist/ is not built: run `npm run build` (npm test does).')
    dir = mkdtempSync(join(tmpdir(), 'chatbot-playground-ai-sdk-'))
    const probe = await listenNode(() => {})
    await probe.close()
    const env = cleanEnv({ CHATBOT_DATABASE_URL: join(dir, 'playground.sqlite'), ...PLAYGROUND_SECRETS, CHATBOT_API_KEY: '', CHATBOT_BASE_URL: '', PLAYGROUND_MCP_PORT: new URL(probe.url).port })
    server = await start(['dev', '--port', '0'], PLAYGROUND, env, READY)
    origin = server.match[1]!
    browser = await launchChromium()
    context = await browser.newContext({ viewport: { width: 1000, height: 1040 } })
    page = await context.newPage()
    problems = await watchPageProblems(page)
  })
  afterAll(async () => {
    await browser?.close()
    if (server) expect(await stop(server.child)).toBe(0)
    rmSync(dir, { recursive: true, force: true })
  })

  const messages = () => page.getByRole('list', { name: 'Messages' }).locator(':scope > li')
  const input = () => page.getByLabel('Your message')
  const send = async (text: string) => {
    await input().fill(text)
    await input().press('Enter')
  }
  // Page loads and replies take their time on a busy machine: a generous wait, never a timing assertion.
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 })
  /** The reply is done when Send is back in place of Stop. */
  const replyDone = () => page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 20_000 })

  it('is linked from the playground menu, shows the channel greeting, and streams a reply with Stop showing meanwhile', async () => {
    await page.goto(`${origin}/`)
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'AI SDK example' }).click()
    await page.waitForURL(`${origin}/ai-sdk`)
    await poll(() => messages().first().textContent()).toContain('Hi, I am Ada from ACME Anvils!')

    await send('What can you do?')
    await page.getByRole('button', { name: 'Stop' }).waitFor()
    await poll(() => messages().count()).toBe(3)
    expect(await messages().nth(1).textContent()).toContain('What can you do?')
    await replyDone()
    const reply = (await messages().nth(2).textContent()) ?? ''
    expect(reply).toMatch(/^Assistant/)
    expect(reply).toContain('shop__search_catalog')
    // The live region says the finished reply once.
    expect(await page.locator('[aria-live="polite"]').textContent()).toContain('shop__search_catalog')
    expect(await page.getByRole('alert').count()).toBe(0)
  })

  it('on support, shows order_status with its output, then the refund approval card; Approve runs refund_order and the reply continues', async () => {
    await page.goto(`${origin}/ai-sdk?channel=support`)
    await poll(() => messages().first().textContent()).toContain('Good day, this is Max')

    await send('Where is my order 1042?')
    await replyDone()
    const lookup = page.locator('.tool').filter({ hasText: 'order_status' })
    await poll(() => lookup.textContent()).toContain('done')
    expect(await lookup.getByLabel('Arguments').textContent()).toBe('({"orderId":"1042"})')
    expect(await lookup.getByLabel('Output').textContent()).toContain('ACME Freight')

    await send('Refund order 1042')
    const card = page.getByRole('region', { name: 'Approval needed' })
    await card.waitFor({ timeout: 20_000 })
    expect(await card.textContent()).toContain('refund_order')
    expect(await card.textContent()).toContain('"orderId": "1042"')
    await replyDone()
    await poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('The assistant asks for your approval to run refund_order.')
    await saveScreenshot(page, 'ai-sdk-approval')

    await card.getByRole('button', { name: 'Approve' }).click()
    await card.waitFor({ state: 'detached' })
    const refund = page.locator('.tool').filter({ hasText: 'refund_order' })
    await poll(() => refund.getByLabel('Output').textContent()).toContain('RF-1042-01')
    await replyDone()
    expect(await messages().last().textContent()).toContain('refunded')
    await saveScreenshot(page, 'ai-sdk-refunded')
  })

  it('after a reload, shows the conversation from the history; no CSP violation and no error on the way', async () => {
    await page.reload()
    // The history holds no tool calls: the reply that paused for approval had no text and is not
    // shown; its continuation, the refund's summary, follows the question.
    await poll(() => messages().count()).toBe(5)
    const after = await messages().allTextContents()
    expect(after[0]).toContain('Good day, this is Max')
    expect(after[1]).toContain('Where is my order 1042?')
    expect(after[2]).toContain('ACME Freight')
    expect(after[3]).toContain('Refund order 1042')
    expect(after[4]).toContain('Status: refunded')
    // Markdown is rendered as elements, not shown as typed.
    expect(await messages().nth(4).locator('li strong').first().textContent()).toBe('Order:')
    expect(await page.getByRole('region', { name: 'Approval needed' }).count()).toBe(0)
    await saveScreenshot(page, 'ai-sdk-history', { fullPage: true })

    expect(await problems.violations()).toEqual([])
    expect(problems.pageErrors).toEqual([])
    expect(problems.consoleErrors, problems.consoleErrors.join("\n")).toEqual([])
  })

  it('Stop ends a reply in progress; after a reload the history marks it incomplete', async () => {
    await page.goto(`${origin}/ai-sdk?channel=default`)
    await poll(() => messages().count()).toBe(3)
    await send('Show me Markdown')
    await poll(() => messages().count()).toBe(5)
    await page.getByRole('button', { name: 'Stop' }).click()
    await replyDone()
    const shown = (await messages().last().textContent()) ?? ''
    await page.reload()
    await poll(() => messages().count()).toBe(5)
    const stored = (await messages().last().textContent()) ?? ''
    expect(stored).toContain('Reply incomplete.')
    // The server stopped where the page did: the stored text is no longer than what was shown.
    expect(stored.replace('Reply incomplete.', '').length).toBeLessThanOrEqual(shown.length + 10)
    expect(await problems.violations()).toEqual([])
  })
})
