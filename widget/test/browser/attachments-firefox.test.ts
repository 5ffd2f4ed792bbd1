import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page as FirefoxPage } from 'puppeteer-core'
import { afterAll, describe, expect, it } from 'vitest'
import { BROWSER_ENGINES, findAccessibilityViolations, formatViolations, type EnginePage } from '@chatbot-kit/test-utils'
import { dispatchFiles, leaf, pageFile, picturesLoaded, sentFiles, sky } from './attachment-files.js'
import { availability } from './harness.js'
import { click, focus, isIdle, isShown, lastReply, recordCspViolations, sendMessage, useEngineTestPage } from './engine-harness.js'

// attachments.js in Firefox ESR (contract §11.4): a dynamic import under the strict
// Content-Security-Policy, files attached by the paperclip button (the file picker, answered over
// WebDriver BiDi), by paste and by drop (a DataTransfer built in the page: see `dispatchFiles`
// for what Firefox's paste event needs), previewed from the server's URL, one removed, the rest
// sent and stored with the message.
// attachments.test.ts covers the rest in Chromium.

const firefox = BROWSER_ENGINES.find((engine) => engine.name === 'Firefox ESR')!

/** The tray in the page: each file's name, the uploads in progress, and each thumbnail's URL. */
const tray = (page: EnginePage) =>
  page.evaluate(() => {
    const list = document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[part="attachments"]')
    return {
      names: [...(list?.querySelectorAll('.chip .name') ?? [])].map((name) => name.textContent),
      uploading: list?.querySelectorAll('progress').length ?? 0,
      thumbnails: [...(list?.querySelectorAll('img') ?? [])].map((image) => image.src),
    }
  }, null)

describe.skipIf(!availability.run)('<chatbot-widget> attachments.js, in Firefox ESR', () => {
  const suite = useEngineTestPage(firefox)
  // The picker takes files from disk.
  const folder = mkdtempSync(join(tmpdir(), 'chatbot-attachments-firefox-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('attaches by button, paste and drop under the strict CSP; previews from the server; removes one; sends and stores the rest', { timeout: 90_000 }, async () => {
    const page = await suite.open('?channel=files&csp=strict')
    const violations = await recordCspViolations(page)
    await click(page, '[part="launcher"]')
    await expect.poll(() => isShown(page, '[part="attach-button"]')).toBe(true)
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === '/chatbot/attachments.js'), null)).toBe(true)

    // The button, from the keyboard: Enter on it opens the picker, which BiDi answers with a file.
    const skyPath = join(folder, 'sky.png')
    writeFileSync(skyPath, sky)
    await focus(page, '[part="attach-button"]')
    const driven = page.driven as FirefoxPage
    const [chooser] = await Promise.all([driven.waitForFileChooser({ timeout: 10_000 }), page.press('Enter')])
    expect(chooser.isMultiple()).toBe(true)
    await chooser.accept([skyPath])
    await expect.poll(async () => (await tray(page)).names).toEqual(['sky.png'])
    await page.evaluate(dispatchFiles, { kind: 'paste', files: [pageFile('notes.txt', 'text/plain', Buffer.from('Order 1042: two anvils.\n'))] })
    await page.evaluate(dispatchFiles, { kind: 'drop', files: [pageFile('leaf.png', 'image/png', leaf)] })
    await expect.poll(async () => (await tray(page)).names).toEqual(['sky.png', 'notes.txt', 'leaf.png'])
    // Uploaded: no progress bar left; each picture previewed from GET /chatbot/attachments/{id}, no blob: URL.
    await expect.poll(async () => (await tray(page)).uploading).toBe(0)
    const { thumbnails } = await tray(page)
    expect(thumbnails).toEqual([0, 1].map(() => expect.stringMatching(new RegExp(`^${suite.app.server.url}/chatbot/attachments/[0-9a-f-]{36}\\?signed_context=`))))
    await expect.poll(() => page.evaluate(picturesLoaded, null)).toBe(true)
    // Its stylesheet is adopted under `style-src` without 'unsafe-inline': a chip is a row, its picture 2.5em.
    expect(await page.evaluate(() => {
      const chip = document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[part="attachments"] .chip')!
      return [getComputedStyle(chip).display, chip.querySelector('img')!.getBoundingClientRect().width > 0]
    }, null)).toEqual(['flex', true])
    expect(formatViolations(await findAccessibilityViolations(page.driven, { include: 'chatbot-widget' }))).toBe(formatViolations([]))
    await page.screenshot('attachments-firefox-tray')

    // A real paste (Ctrl+V) of text goes into the input and adds no file. (Headless Firefox's
    // clipboard keeps text only: a picture written to it is dropped, so no file can be pasted
    // from it; the file paste above is a dispatched event.)
    const chord = async (key: 'a' | 'x' | 'v') => {
      await driven.keyboard.down('Control')
      await driven.keyboard.press(key)
      await driven.keyboard.up('Control')
    }
    const typed = () => page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector<HTMLTextAreaElement>('[part="input"]')!.value, null)
    await focus(page, '[part="input"]')
    await page.type('two anvils')
    await chord('a')
    await chord('x')
    expect(await typed()).toBe('')
    await chord('v')
    expect(await typed()).toBe('two anvils')
    expect((await tray(page)).names).toEqual(['sky.png', 'notes.txt', 'leaf.png'])
    await chord('a')
    await page.press('Backspace')

    await click(page, '[aria-label="Remove notes.txt"]')
    await expect.poll(async () => (await tray(page)).names).toEqual(['sky.png', 'leaf.png'])

    suite.app.provider!.script({ text: 'A blue sky and a green leaf.' })
    await sendMessage(page, 'What do you see?')
    await expect.poll(() => lastReply(page)).toContain('A blue sky and a green leaf.')
    await expect.poll(() => isIdle(page)).toBe(true)
    expect(await page.evaluate(sentFiles, null)).toEqual([['sky.png', 'leaf.png']])
    expect(await isShown(page, '[part="attachments"]')).toBe(false)

    // Stored: the user message carries both files, in order; the removed one is carried by none.
    const stored = await suite.app.chatbot.db
      .withTables<{ attachments: { id: number; name: string; message_id: number | null } }>()
      .selectFrom('attachments as a')
      .innerJoin('messages as m', 'm.id', 'a.message_id')
      .select(['a.name', 'm.content', 'm.role'])
      .orderBy('a.id')
      .execute()
    expect(stored).toEqual([
      { name: 'sky.png', content: 'What do you see?', role: 'user' },
      { name: 'leaf.png', content: 'What do you see?', role: 'user' },
    ])

    await expect.poll(() => page.evaluate(picturesLoaded, null)).toBe(true)
    expect(formatViolations(await findAccessibilityViolations(page.driven, { include: 'chatbot-widget' }))).toBe(formatViolations([]))
    expect(await violations()).toEqual([])
    expect(page.errors).toEqual([])
    await page.close()
  })
})
