import { describe, expect, it } from 'vitest'
import type { Browser, Page } from 'puppeteer-core'
import { findAccessibilityViolations, firefoxAvailability, formatViolations, launchFirefox, saveScreenshot } from '@chatbot-kit/test-utils'
import { requestPerson } from './handoff.js'
import { ADMIN_TOKEN, startConsoleServer, useConsole } from './harness.js'

// The sign-in form, the overview, and the Inbox, Knowledge and Gaps views in Firefox ESR
// (puppeteer-core over WebDriver BiDi): axe finds no violation, the overview in the light and the
// dark theme and at 390 px, the charts draw, and each page reports no CSP violation, console error
// or uncaught exception. The views' behaviour in full is the Chromium suites' (inbox.test.ts,
// knowledge.test.ts); here each screen's main path runs once.

const firefox = firefoxAvailability()
if (!firefox.run) console.warn(`[console Firefox tests] ${firefox.reason}`)

const WAIT = { timeout: 15_000 }

/** A new tab watched for what went wrong in it. */
async function openTab(browser: Browser, url: string) {
  const page = await browser.newPage()
  await page.setViewport({ width: 1280, height: 900 })
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${(error as Error).message}`))
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP ${event.violatedDirective}: ${event.blockedURI || 'inline'}`))
  })
  await page.goto(url)
  return { page, problems }
}

const headingIs = (page: Page, text: string) => page.waitForFunction((expected) => document.querySelector('h1')?.textContent === expected, WAIT, text)

async function expectNoViolations(page: Page, label: string) {
  expect(formatViolations(await findAccessibilityViolations(page)), label).toBe('')
}

/** A tab signed in on `path` of the console, once its view's heading shows. */
async function openView(browser: Browser, origin: string, path: string, heading: string) {
  const tab = await openTab(browser, `${origin}/chatbot/admin${path}`)
  await headingIs(tab.page, 'Sign in to the console')
  await tab.page.type('input[name="token"]', ADMIN_TOKEN)
  await tab.page.click('button[type="submit"]')
  await headingIs(tab.page, heading)
  return tab
}

/** Clicks the button whose text is `text` inside `scope` (a CSS selector). */
const clickButton = (page: Page, text: string, scope = 'main') =>
  page.evaluate(
    (where, label) => {
      const button = [...document.querySelectorAll<HTMLButtonElement>(`${where} button`)].find((candidate) => candidate.textContent?.trim() === label && !candidate.disabled)
      if (!button) throw new Error(`no enabled button "${label}" in ${where}`)
      button.click()
    },
    scope,
    text,
  )

/** The text of what `selector` matches, once it contains `expected`. */
const textContains = (page: Page, selector: string, expected: string) =>
  page.waitForFunction((where, wanted) => [...document.querySelectorAll(where)].some((element) => element.textContent?.includes(wanted)), WAIT, selector, expected)

describe.skipIf(!firefox.run)('the console in Firefox ESR', () => {
  const suite = useConsole(startConsoleServer, launchFirefox)

  it('signs in and shows the overview with no accessibility violation, light, dark and at 390 px', { timeout: 120_000 }, async () => {
    const { page, problems } = await openTab(suite.browser, `${suite.server.origin}/chatbot/admin`)
    await headingIs(page, 'Sign in to the console')
    await expectNoViolations(page, 'sign-in')
    await saveScreenshot(page, 'console-firefox-sign-in')

    await page.type('input[name="token"]', ADMIN_TOKEN)
    await page.click('button[type="submit"]')
    await headingIs(page, 'Overview')
    await page.waitForSelector('[data-chart="activity"] canvas', WAIT)
    for (const summary of await page.$$('details > summary')) await summary.click()
    await expectNoViolations(page, 'overview, light')
    await saveScreenshot(page, 'console-firefox-overview-light', { fullPage: true })

    // Dark through the console's toggle: WebDriver BiDi cannot emulate `prefers-color-scheme` (the
    // Chromium suite covers the system's scheme); the colors are the same `light-dark()` pairs.
    await page.click('nav button[aria-label="Use the dark theme"]')
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark', WAIT)
    await page.waitForSelector('[data-chart="activity"] canvas', WAIT)
    await expectNoViolations(page, 'overview, dark')
    await saveScreenshot(page, 'console-firefox-overview-dark', { fullPage: true })

    await page.click('nav button[aria-label="Use the light theme"]')
    await page.setViewport({ width: 390, height: 844 })
    await page.waitForFunction(() => document.documentElement.scrollWidth === document.documentElement.clientWidth, WAIT)
    await expectNoViolations(page, 'overview, 390 px')
    await saveScreenshot(page, 'console-firefox-overview-390')

    expect(problems).toEqual([])
    await page.close()
  })

  it('Inbox: a request shows up, the agent claims and answers, with no accessibility violation', { timeout: 120_000 }, async () => {
    const { page, problems } = await openView(suite.browser, suite.server.origin, '/inbox', 'Inbox')
    await page.type('form.agent input', 'Ada')
    await clickButton(page, 'Use this name')
    await textContains(page, 'p.agent', 'Answering as Ada')
    const { id } = await requestPerson(suite.server, 'firefox-user', 'Is my parcel on its way?')
    await textContains(page, 'button.item', id.slice(0, 8))
    await page.evaluate((short) => [...document.querySelectorAll<HTMLButtonElement>('button.item')].find((item) => item.textContent?.includes(short))!.click(), id.slice(0, 8))
    await textContains(page, '[aria-label="Messages, oldest first"]', 'Is my parcel on its way?')
    await clickButton(page, 'Claim')
    await page.waitForSelector('#handoff-reply', WAIT)
    await page.type('#handoff-reply', 'Ada here: it left the depot today.')
    await clickButton(page, 'Send', 'form.reply')
    await textContains(page, '[aria-label="Messages, oldest first"]', 'Ada here: it left the depot today.')
    await expectNoViolations(page, 'inbox')
    await saveScreenshot(page, 'console-firefox-inbox', { fullPage: true })
    await clickButton(page, 'Release')
    await page.waitForFunction((short) => ![...document.querySelectorAll('button.item')].some((item) => item.textContent?.includes(short)), WAIT, id.slice(0, 8))
    expect(problems).toEqual([])
    await page.close()
  })

  it('Knowledge: the sources’ state, a sync and a search, with no accessibility violation', { timeout: 120_000 }, async () => {
    const { page, problems } = await openView(suite.browser, suite.server.origin, '/knowledge', 'Knowledge')
    await page.waitForSelector('section.source', WAIT)
    await clickButton(page, 'Sync all')
    await textContains(page, '[role="status"][aria-label="Last sync"]', 'policies: ')
    await page.type('.search input[type="search"]', 'When does the store open on holidays?')
    await clickButton(page, 'Search', '.search')
    await textContains(page, '[aria-label="Offered to the turn"]', 'Store opening hours')
    await expectNoViolations(page, 'knowledge')
    await saveScreenshot(page, 'console-firefox-knowledge', { fullPage: true })
    expect(problems).toEqual([])
    await page.close()
  })

  it('Gaps: the unanswered questions grouped, each linked to its transcripts, with no accessibility violation', { timeout: 120_000 }, async () => {
    const { page, problems } = await openView(suite.browser, suite.server.origin, '/gaps', 'Gaps')
    await textContains(page, 'table.rows tbody td.question', 'Can I pay with bitcoin?')
    expect(await page.$$eval('table.rows tbody tr a[href*="/conversations/"]', (links) => links.length)).toBeGreaterThan(0)
    await expectNoViolations(page, 'gaps')
    await saveScreenshot(page, 'console-firefox-gaps', { fullPage: true })
    expect(problems).toEqual([])
    await page.close()
  })
})
