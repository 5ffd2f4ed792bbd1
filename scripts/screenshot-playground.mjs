#!/usr/bin/env node
// Takes docs/images/playground.png: the playground (`chatbot dev` in playground/, offline demo
// provider) on the support channel, with the widget open after "Where is my order 1042?": the
// tool call and the Markdown answer. Needs `npm run build` first and Debian's chromium
// (CHATBOT_CHROMIUM points at another binary). Run: node scripts/screenshot-playground.mjs
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = fileURLToPath(new URL('..', import.meta.url))
const output = join(root, 'docs/images/playground.png')
const question = 'Where is my order 1042?'

/** `chatbot dev` as `npm run dev` starts it, minus the machine's CHATBOT_* settings, on a fresh database. */
async function startPlayground(data) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('CHATBOT_')))
  const child = spawn(process.execPath, [join(root, 'packages/chatbot/bin/chatbot.mjs'), 'dev', '--port', '0'], {
    cwd: join(root, 'playground'),
    env: { ...env, NO_COLOR: '1', CHATBOT_DATABASE_URL: join(data, 'playground.sqlite') },
  })
  const url = await new Promise((resolve, reject) => {
    let log = ''
    const read = (chunk) => {
      log += chunk
      const match = log.match(/dev server: (http:\/\/[\d.]+:\d+)/)
      if (match) resolve(match[1])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => reject(new Error(`chatbot dev exited with ${code}:\n${log}`)))
  })
  return { url, stop: () => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve).kill('SIGTERM') : resolve())) }
}

const data = mkdtempSync(join(tmpdir(), 'chatbot-screenshot-'))
const playground = await startPlayground(data)
const browser = await chromium.launch({
  executablePath: process.env.CHATBOT_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  headless: true,
})
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' })
  await page.goto(`${playground.url}/?channel=support`)
  await page.waitForFunction(() => customElements.get('chatbot-widget') !== undefined)
  const widget = page.locator('chatbot-widget')
  await widget.locator('[part="launcher"]').click()
  await widget.locator('[part="input"]').fill(question)
  // The reply is complete when the widget says so; the demo streams it at a reading pace.
  const replied = page.evaluate(() => new Promise((resolve) => document.addEventListener('chatbot-message', resolve, { once: true })))
  await widget.locator('[part="input"]').press('Enter')
  await replied
  await widget.locator('[part="input"]').blur()
  await page.screenshot({ path: output })
  console.log(`Saved ${output}`)
} finally {
  await browser.close()
  await playground.stop()
  rmSync(data, { recursive: true, force: true })
}
