import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser as ChromiumBrowser } from 'playwright-core'
import type { Browser as FirefoxBrowser } from 'puppeteer-core'
import { findAccessibilityViolations, formatViolations } from './accessibility.js'
import { browserAvailability, launchChromium } from './browser.js'
import { launchFirefox } from './firefox.js'

const availability = browserAvailability()

// A strict CSP page with a shadow root: axe must still be injected and must look inside it.
const PAGE = `<!doctype html><html lang="en"><head><title>t</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'none'"></head>
<body><main><h1>Check</h1><div id="host"></div></main></body></html>`

// Styles through a constructed sheet: the page's CSP blocks style attributes, as a strict site's would.
async function attachShadow(page: { evaluate(fn: (color: string) => void, color: string): Promise<unknown> }, color: string) {
  await page.evaluate((text: string) => {
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' })
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(`p { color: ${text}; background: #fff }`)
    root.adoptedStyleSheets = [sheet]
    root.innerHTML = '<p>faint</p>'
  }, color)
}

describe.skipIf(!availability.run)('findAccessibilityViolations', () => {
  let chromium: ChromiumBrowser
  let firefox: FirefoxBrowser
  beforeAll(async () => {
    ;[chromium, firefox] = await Promise.all([launchChromium(), launchFirefox()])
  })
  afterAll(async () => {
    await chromium?.close()
    await firefox?.close()
  })

  test('finds a contrast failure inside an open shadow root under a strict CSP, in Chromium', async () => {
    const page = await chromium.newPage()
    await page.setContent(PAGE)
    await attachShadow(page, '#999')
    const violations = await findAccessibilityViolations(page)
    expect(violations.map((v) => v.id)).toEqual(['color-contrast'])
    expect(formatViolations(violations)).toContain('#host >> p')
  })

  test('passes a clean page and finds the same failure in Firefox ESR', async () => {
    const clean = await chromium.newPage()
    await clean.setContent(PAGE)
    await attachShadow(clean, '#222')
    expect(await findAccessibilityViolations(clean)).toEqual([])

    const page = await firefox.newPage()
    await page.setContent(PAGE)
    await attachShadow(page, '#999')
    expect((await findAccessibilityViolations(page)).map((v) => v.id)).toEqual(['color-contrast'])
  })
})
