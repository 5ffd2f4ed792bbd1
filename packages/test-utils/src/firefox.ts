import { existsSync } from 'node:fs'
import type { Browser } from 'puppeteer-core'

/**
 * Debian's Firefox ESR (`apt-get install firefox-esr`), driven through WebDriver BiDi by
 * puppeteer-core. Set `CHATBOT_FIREFOX` to use another binary. No browser is ever downloaded.
 */
export const FIREFOX_PATH = process.env.CHATBOT_FIREFOX || '/usr/bin/firefox-esr'

/**
 * Whether the Firefox suites run. Firefox missing is an error (a suite must not pass by testing
 * nothing) unless `CHATBOT_SKIP_BROWSER=1` asks to skip every browser suite.
 */
export function firefoxAvailability(): { run: boolean; reason: string } {
  if (process.env.CHATBOT_SKIP_BROWSER === '1') return { run: false, reason: 'CHATBOT_SKIP_BROWSER=1: browser tests skipped' }
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(
      `Firefox ESR not found at ${FIREFOX_PATH}. Install it (Debian: \`apt-get install firefox-esr\`), set CHATBOT_FIREFOX to a Firefox binary, or set CHATBOT_SKIP_BROWSER=1 to skip the browser tests.`,
    )
  }
  return { run: true, reason: '' }
}

/** Launches Firefox ESR headless over WebDriver BiDi. Close it in `afterAll`. */
export async function launchFirefox(): Promise<Browser> {
  firefoxAvailability()
  // Imported here so suites that only use Chromium never load puppeteer.
  const { default: puppeteer } = await import('puppeteer-core')
  return puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true, protocol: 'webDriverBiDi', timeout: 60_000 })
}
