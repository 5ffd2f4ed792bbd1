import { statSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { availability, GREETING, openPage, refreshDocsImage, screenshot, transcript, useTestPage, widget } from './harness.js'

// End to end in real Chromium against a real chatbot whose provider is the demo provider
// (an OpenAI-compatible streaming server), for what needs timing: incremental tokens and Stop.

describe.skipIf(!availability.run)('<chatbot-widget> streaming from the demo provider, in Chromium', () => {
  const suite = useTestPage()
  const { pageUrl, replyText } = suite

  async function sendMessage(page: Page, text: string) {
    await widget(page).input.fill(text)
    await widget(page).input.press('Enter')
  }

  it('renders tokens as they arrive', async () => {
    const { page, context, errors } = await openPage(suite.browser, pageUrl())
    const w = widget(page)
    await w.launcher.click()
    await expect.poll(() => transcript(page)).toEqual([`assistant: ${GREETING}`])
    suite.app.provider!.script({ text: 'Your anvil left the warehouse this morning and arrives on Friday.', tokenDelayMs: 120 })
    await sendMessage(page, 'Where is my anvil?')
    // An intermediate state: some words shown, not all, the Stop button in place of Send.
    await expect.poll(() => replyText(page)).toMatch(/^Your anvil/)
    const partial = await replyText(page)
    expect(partial).not.toContain('Friday')
    expect(await w.stop.isVisible()).toBe(true)
    await expect.poll(() => replyText(page), { timeout: 10_000 }).toBe('Your anvil left the warehouse this morning and arrives on Friday.')
    await w.send.waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('stops a streaming reply: the UI stops and the server keeps the partial reply as incomplete', async () => {
    const { page, context } = await openPage(suite.browser, pageUrl())
    const w = widget(page)
    await w.launcher.click()
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ')
    suite.app.provider!.script({ text: words, tokenDelayMs: 100 })
    await sendMessage(page, 'Tell me a long story')
    await expect.poll(() => replyText(page)).toMatch(/word2/)
    await w.stop.click()
    await w.send.waitFor()
    await expect.poll(() => w.assistant.last().locator('.status').textContent()).toBe('Stopped')
    const shown = await replyText(page)
    expect(shown).not.toContain('word59')
    expect(await w.error.isVisible()).toBe(false)
    // The input keeps focus after Stop.
    expect(await w.input.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true)
    // Nothing more arrives after Stop.
    const after = await replyText(page)
    await page.waitForTimeout(400)
    expect(await replyText(page)).toBe(after)
    await screenshot(page, 'demo-stopped')

    await expect
      .poll(
        async () =>
          suite.app.chatbot.db.selectFrom('messages').select(['role', 'status', 'content']).where('role', '=', 'assistant').where('status', '=', 'incomplete').execute(),
        { timeout: 10_000 },
      )
      .toHaveLength(1)
    const stored = await suite.app.chatbot.db.selectFrom('messages').select(['content']).where('status', '=', 'incomplete').executeTakeFirstOrThrow()
    expect(stored.content.startsWith('word0 word1 word2')).toBe(true)
    expect(stored.content).not.toContain('word59')
    await context.close()
  })

  it('looks right for the documentation screenshot', async () => {
    const { page, context } = await openPage(suite.browser, pageUrl(), { width: 900, height: 640 })
    const w = widget(page)
    await w.launcher.click()
    suite.app.provider!.script({ text: 'Order **1042** shipped on 20 November:\n\n- 2 × anvil\n- 1 × hammer\n\nTrack it at [the carrier](https://example.com/track).' })
    await sendMessage(page, 'Where is my order?')
    await expect.poll(() => replyText(page)).toContain('Track it at the carrier.')
    await w.send.waitFor()
    expect(await w.assistant.last().locator('a').getAttribute('rel')).toBe('noopener noreferrer')
    await page.locator('body').click({ position: { x: 10, y: 10 } })
    const path = await screenshot(page, 'demo-docs')
    refreshDocsImage(path, 'widget.png')
    expect(statSync(path).size).toBeLessThan(150_000)
    await context.close()
  })
})
