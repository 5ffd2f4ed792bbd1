import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { availability, GREETING, openPage, refreshDocsImage, screenshot, transcript, useTestPage, widget } from './harness.js'

// An open page whose envelope the server no longer takes: the server restarted with another
// app key (as the playground did before 1.2), so every request gets 403 `invalid_envelope`.
// Repeating the request cannot help; reloading the page renders a fresh envelope.

describe.skipIf(!availability.run)('<chatbot-widget> after a server restart, in Chromium', () => {
  const suite = useTestPage()

  async function sendMessage(page: Page, text: string) {
    await widget(page).input.fill(text)
    await widget(page).input.press('Enter')
  }

  it('says to reload and offers Reload instead of Retry; Reload brings a working chat back', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.pageUrl())
    const w = widget(page)
    await page.evaluate(() => document.addEventListener('chatbot-error', (event) => ((window as unknown as { failure: unknown }).failure = (event as CustomEvent).detail)))
    await w.launcher.click()
    await expect.poll(() => transcript(page)).toEqual([`assistant: ${GREETING}`])

    await suite.app.restart()
    await sendMessage(page, 'Are you still there?')
    await w.error.waitFor()
    expect(await w.error.locator('span').textContent()).toBe('This chat session has expired. Reload the page to continue.')
    const action = w.error.locator('button')
    expect(await action.textContent()).toBe('Reload')
    expect(await page.evaluate(() => (window as unknown as { failure: unknown }).failure)).toMatchObject({ code: 'invalid_envelope', status: 403, retryable: false })
    refreshDocsImage(await screenshot(page, 'widget-expired'), 'widget-expired.png')

    // A translation applies to the button as to the message.
    await w.host.evaluate((host) => (host as HTMLElement & { setStrings(strings: object): void }).setStrings({ reload: 'Neu laden' }))
    await expect.poll(() => action.textContent()).toBe('Neu laden')

    await Promise.all([page.waitForEvent('load'), action.click()])
    await page.waitForFunction(() => customElements.get('chatbot-widget') !== undefined)
    await w.launcher.click()
    await w.input.waitFor()
    expect(await w.error.isVisible()).toBe(false)
    suite.app.provider!.script({ text: 'Yes, here again.' })
    await sendMessage(page, 'Are you still there?')
    await expect.poll(() => transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: Are you still there?', 'assistant: Yes, here again.'])
    expect(errors).toEqual([])
    await context.close()
  })
})
