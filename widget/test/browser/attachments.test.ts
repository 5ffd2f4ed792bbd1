import type { FileChooser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { findAccessibilityViolations, formatViolations } from '@chatbot-kit/test-utils'
import { dispatchFiles, leaf, pageFile as file, picturesLoaded as allPicturesLoaded, sentFiles, sky, type PageFile } from './attachment-files.js'
import { availability, focused, openPage, refreshDocsImage, screenshot, useTestPage, widget } from './harness.js'

// Attachments in the widget (contract §11.4, docs/attachments.md): real Chromium, a real server
// with the demo provider, the page under the strict Content-Security-Policy the docs give.
// attachments-firefox.test.ts covers the same flow in Firefox ESR.

describe.skipIf(!availability.run)('<chatbot-widget> attachments, in Chromium', () => {
  const suite = useTestPage()
  const filesUrl = () => `${suite.app.server.url}/chatbot/test-page?channel=files&csp=strict`
  const tray = (page: Page) => widget(page).host.locator('[part="attachments"]')
  const chips = (page: Page) => tray(page).locator('.chip .name').allTextContents()
  const alert = (page: Page) => widget(page).host.locator('.attachment-error').textContent()
  const sent = (page: Page) => page.evaluate(sentFiles)
  const picturesLoaded = (page: Page) => page.evaluate(allPicturesLoaded)
  const dispatch = (page: Page, kind: 'paste' | 'drop', files: PageFile[]) => page.evaluate(dispatchFiles, { kind, files })

  async function open(page: Page) {
    await widget(page).launcher.click()
    await widget(page).host.locator('[part="attach-button"]').waitFor()
  }

  it('loads attachments.js only on a channel with attachments', async () => {
    const requested: string[] = []
    const plain = await openPage(suite.browser, suite.pageUrl(), undefined, async (page) => page.on('request', (request) => requested.push(new URL(request.url()).pathname)))
    await widget(plain.page).launcher.click()
    await widget(plain.page).assistant.first().waitFor()
    expect(await widget(plain.page).host.locator('[part="attach-button"]').count()).toBe(0)
    expect(requested).not.toContain('/chatbot/attachments.js')
    await plain.context.close()
  })

  it('attaches by button, paste and drop; previews; removes one; sends the rest to the model; shows them after a reload', async () => {
    // Listening for the file picker from the start: Playwright intercepts pickers only once a
    // listener exists, and one added just before the key press can come too late.
    const choosers: FileChooser[] = []
    const { page, context, errors } = await openPage(suite.browser, filesUrl(), undefined, async (page) => {
      page.on('filechooser', (chooser) => choosers.push(chooser))
      await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`csp: ${event.violatedDirective} ${event.blockedURI}`)))
    })
    const problems: string[] = []
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
    await open(page)
    const w = widget(page)

    // The button, from the keyboard: it comes right before the input, which has focus once the panel opened.
    await expect.poll(() => focused(page)).toBe('input')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('attach-button')
    await page.keyboard.press('Enter')
    await expect.poll(() => choosers.length).toBe(1)
    await choosers[0]!.setFiles([{ name: 'sky.png', mimeType: 'image/png', buffer: sky }])
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('input')
    await dispatch(page, 'paste', [file('notes.txt', 'text/plain', Buffer.from('Order 1042: two anvils.\n'))])
    await dispatch(page, 'drop', [file('leaf.png', 'image/png', leaf)])
    await expect.poll(() => chips(page)).toEqual(['sky.png', 'notes.txt', 'leaf.png'])
    // Uploaded: no progress bar left, each picture previewed.
    await expect.poll(() => tray(page).locator('progress').count()).toBe(0)
    await expect.poll(() => tray(page).locator('img').count()).toBe(2)
    await expect.poll(() => picturesLoaded(page)).toBe(true)
    expect(await tray(page).locator('.chip', { hasText: 'notes.txt' }).locator('.size').textContent()).toBe('24 B')

    expect(formatViolations(await findAccessibilityViolations(page, { include: 'chatbot-widget' }))).toBe(formatViolations([]))
    refreshDocsImage(await screenshot(page, 'attachments-tray'), 'widget-attachments.png')

    // Removed by its labelled button: focus moves to the next file's.
    await w.host.getByRole('button', { name: 'Remove notes.txt' }).click()
    await expect.poll(() => chips(page)).toEqual(['sky.png', 'leaf.png'])
    expect(await focused(page)).toBe('Remove leaf.png')

    suite.app.provider!.script({ text: 'A blue sky and a green leaf.' })
    const before = suite.app.provider!.requests.length
    await w.input.fill('What do you see?')
    await w.input.press('Enter')
    await expect.poll(() => w.assistant.last().innerText()).toContain('A blue sky and a green leaf.')
    expect(await tray(page).isHidden()).toBe(true)
    await expect.poll(() => sent(page)).toEqual([['sky.png', 'leaf.png']])

    // The model got both pictures as image parts of the last user message.
    const request = suite.app.provider!.requests.slice(before).find((entry) => Array.isArray(entry.body.messages))!
    const last = (request.body.messages as { role: string; content: unknown }[]).filter((message) => message.role === 'user').at(-1)!
    const parts = last.content as { type: string; text?: string; image_url?: { url: string } }[]
    expect(parts.filter((part) => part.type === 'image_url').map((part) => part.image_url!.url.slice(0, 22))).toEqual(['data:image/png;base64,', 'data:image/png;base64,'])
    expect(parts.find((part) => part.type === 'text')?.text).toContain('What do you see?')

    // After a reload the history brings the files back, under their message.
    await page.reload()
    await open(page)
    await expect.poll(() => sent(page)).toEqual([['sky.png', 'leaf.png']])
    await expect.poll(() => picturesLoaded(page)).toBe(true)
    expect(formatViolations(await findAccessibilityViolations(page, { include: 'chatbot-widget' }))).toBe(formatViolations([]))
    refreshDocsImage(await screenshot(page, 'attachments-sent'), 'widget-attachments-sent.png')
    expect([...errors, ...problems]).toEqual([])
    await context.close()
  })

  it('shows the server\'s message for a refused file, and the count limit; Send waits for uploads', async () => {
    const { page, context, errors } = await openPage(suite.browser, filesUrl(), { width: 390, height: 760 })
    await open(page)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
    await dispatch(page, 'drop', [file('invoice.pdf', 'application/pdf', pdf)])
    await expect.poll(() => alert(page)).toMatch(/^invoice\.pdf: .+/)
    const message = (await alert(page))!.slice('invoice.pdf: '.length)
    // The server's own words for the refusal (docs/attachments.md: 415 attachment_type_not_allowed).
    const answer = await page.evaluate(async (bytes) => {
      const form = new FormData()
      form.append('signed_context', document.querySelector('chatbot-widget')!.getAttribute('signed-context')!)
      form.append('file', new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], 'invoice.pdf', { type: 'application/pdf' }))
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
      const response = await fetch('/chatbot/attachments', { method: 'POST', body: form, headers: { 'X-CSRF-TOKEN': csrf } })
      return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } }
    }, pdf.toString('base64'))
    expect(answer.status).toBe(415)
    expect(answer.body.error.code).toBe('attachment_type_not_allowed')
    expect(message).toBe(answer.body.error.message)
    expect(await chips(page)).toEqual([])

    // Three files at most on this channel: the fourth is refused before any upload.
    await dispatch(page, 'drop', [file('a.png', 'image/png', sky), file('b.png', 'image/png', leaf), file('c.png', 'image/png', sky), file('d.png', 'image/png', leaf)])
    await expect.poll(() => alert(page)).toBe('You can send up to 3 files with a message.')
    await expect.poll(() => chips(page)).toEqual(['a.png', 'b.png', 'c.png'])
    await expect.poll(() => tray(page).locator('progress').count()).toBe(0)
    await expect.poll(() => picturesLoaded(page)).toBe(true)
    refreshDocsImage(await screenshot(page, 'attachments-narrow'), 'widget-attachments-narrow.png')

    // A file still uploading holds Send back: the message waits for it rather than leaving without it.
    await widget(page).host.getByRole('button', { name: 'Remove c.png' }).click()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/chatbot/attachments', async (route) => {
      await held
      await route.continue()
    })
    await dispatch(page, 'drop', [file('e.png', 'image/png', leaf)])
    await expect.poll(() => tray(page).locator('progress').count()).toBe(1)
    const w = widget(page)
    await w.input.fill('Three pictures')
    await w.input.press('Enter')
    expect(await alert(page)).toBe('Wait until the files are uploaded.')
    expect(await w.user.count()).toBe(0)
    expect(await w.input.inputValue()).toBe('Three pictures')
    release()
    await expect.poll(() => tray(page).locator('progress').count()).toBe(0)
    suite.app.provider!.script({ text: 'Three pictures received.' })
    await w.send.click()
    await expect.poll(() => sent(page)).toEqual([['a.png', 'b.png', 'e.png']])

    // Translated like the rest of the widget: the button and the tray follow `setStrings`.
    await dispatch(page, 'drop', [file('f.png', 'image/png', sky)])
    await page.evaluate(() => document.querySelector<HTMLElement & { setStrings(strings: object): void }>('chatbot-widget')!.setStrings({ attach: 'Dateien anhängen', removeAttachment: '{name} entfernen' }))
    await expect.poll(() => w.host.locator('[part="attach-button"]').getAttribute('aria-label')).toBe('Dateien anhängen')
    await expect.poll(() => w.host.getByRole('button', { name: 'f.png entfernen' }).count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })
})
