import { describe, expect, it } from 'vitest'
import type { Browser, Page } from 'puppeteer-core'
import { findAccessibilityViolations, firefoxAvailability, formatViolations, launchFirefox, saveScreenshot } from '@chatbot-kit/test-utils'
import { ADMIN_TOKEN, startConsoleServer, useConsole } from './harness.js'

// The sign-in form and the overview in Firefox ESR (puppeteer-core over WebDriver BiDi): axe
// finds no violation in the light and the dark theme and at 390 px, the charts draw, and the
// page reports no CSP violation, console error or uncaught exception.

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
})
