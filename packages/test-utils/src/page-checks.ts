import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'

/** `test-results/screenshots/` at the repository's root, where every browser suite leaves its pictures. */
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url))

/** What playwright-core's and puppeteer-core's pages both offer for a screenshot. */
export interface ScreenshotPage {
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>
}

/** Saves a screenshot of the page as `test-results/screenshots/<name>.png`; returns its path. */
export async function saveScreenshot(page: ScreenshotPage, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true })
  const path = join(SCREENSHOTS_DIR, `${name}.png`)
  await page.screenshot({ path, fullPage: options.fullPage ?? false })
  return path
}

/** What went wrong in a page: CSP violations the browser reported, console errors, uncaught exceptions. */
export interface PageProblems {
  /** `securitypolicyviolation` events: the directive and what it blocked. */
  violations(): Promise<string[]>
  consoleErrors: string[]
  pageErrors: string[]
}

/**
 * Starts watching `page` (call it before the first `goto`): a listener for
 * `securitypolicyviolation`, added before any page script runs, and the console's errors.
 */
export async function watchPageProblems(page: Page): Promise<PageProblems> {
  const consoleErrors: string[] = []
  const pageErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`))
  })
  return {
    consoleErrors,
    pageErrors,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  }
}
