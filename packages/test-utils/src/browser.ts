import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/**
 * The system Chromium the browser tests drive: Debian's `chromium` package (`.ci/run` installs it
 * with apt). Set `CHATBOT_CHROMIUM` to use another binary. No browser is ever downloaded.
 */
export const CHROMIUM_PATH = process.env.CHATBOT_CHROMIUM || '/usr/bin/chromium'

/** Flags for a headless run in a container or CI: no sandbox, GPU, updates, sync or first-run UI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export interface BrowserAvailability {
  /** False only under `CHATBOT_SKIP_BROWSER=1`: the suite skips, visibly, with `reason`. */
  run: boolean
  reason: string
}

/**
 * Whether the browser suite runs. Chromium missing is an error (the suite must not pass by
 * testing nothing) unless `CHATBOT_SKIP_BROWSER=1` asks to skip it.
 */
export function browserAvailability(): BrowserAvailability {
  if (process.env.CHATBOT_SKIP_BROWSER === '1') return { run: false, reason: 'CHATBOT_SKIP_BROWSER=1: browser tests skipped' }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it (Debian: \`apt-get install chromium\`), set CHATBOT_CHROMIUM to a Chromium binary, or set CHATBOT_SKIP_BROWSER=1 to skip the browser tests.`,
    )
  }
  return { run: true, reason: '' }
}

/** Launches the system Chromium headless through playwright-core. Close it in `afterAll`. */
export async function launchChromium(): Promise<Browser> {
  browserAvailability()
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 60_000 })
}
