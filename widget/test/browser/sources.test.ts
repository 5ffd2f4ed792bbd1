import { describe, expect, it } from 'vitest'
import { findAccessibilityViolations, formatViolations } from '@chatbot-kit/test-utils'
import type { ReplySource, Turn } from 'chatbot-kit'
import { availability, openPage, screenshot, useTestPage, widget } from './harness.js'

// Citations end to end: a plugin's `turn.sources` reach the widget as the `sources` event, the
// reply's `[n]` become links and a "Sources" list follows it, streamed and after a reload.

const SOURCES: ReplySource[] = [
  { id: 1, title: 'Return policy', url: 'https://shop.example/returns#policy', snippet: '30 days.', score: 0.9 },
  // Links one above the other must each be a 24px target; this one wraps.
  { id: 2, title: 'Shipping and delivery times for anvils heavier than fifty kilograms', url: 'https://shop.example/shipping', snippet: 'Freight.', score: 0.85 },
  { id: 3, title: 'A trap', url: 'javascript:alert(document.domain)', snippet: 'Not a link.', score: 0.8 },
  { id: 4, title: 'Warehouse notes', url: null, snippet: 'No address.', score: 0.6 },
]
const ANSWER = 'You have 30 days to return an item [1]. See also [3], [4] and [9].'

describe.skipIf(!availability.run)('<chatbot-widget> sources and citations, in Chromium', () => {
  const suite = useTestPage()

  it('links [n] to http(s) sources only, lists the sources after the reply, stays axe-clean, and shows the same after a reload', async () => {
    suite.app.chatbot.hooks.hook('turn:context', (turn: Turn) => {
      if (turn.message.includes('return')) turn.sources = SOURCES
    })
    const { page, errors } = await openPage(suite.browser, suite.pageUrl())
    const w = widget(page)
    await w.launcher.click()
    suite.app.provider!.script({ text: ANSWER })
    await w.input.fill('What is your return policy?')
    await w.input.press('Enter')
    await expect.poll(() => suite.replyText(page), { timeout: 10_000 }).toBe(ANSWER)
    await w.send.waitFor()

    const check = async () => {
      const reply = w.assistant.last()
      const markers = reply.locator('.markdown a')
      expect(await markers.allTextContents()).toEqual(['[1]'])
      expect(await markers.first().getAttribute('href')).toBe('https://shop.example/returns#policy')
      expect(await markers.first().getAttribute('rel')).toBe('noopener noreferrer')
      expect(await markers.first().getAttribute('target')).toBe('_blank')

      const list = reply.getByRole('list', { name: 'Sources' })
      expect(await list.getAttribute('part')).toBe('sources')
      expect(await list.locator('[part="source"]').allInnerTexts()).toEqual(['Return policy', SOURCES[1]!.title, 'A trap', 'Warehouse notes'])
      expect(await list.getByRole('link').count()).toBe(2)
      expect(await list.getByRole('link', { name: 'Return policy' }).getAttribute('href')).toBe('https://shop.example/returns#policy')
      expect(await page.locator('chatbot-widget').evaluate((host) => host.shadowRoot!.querySelector('[href^="javascript"]'))).toBeNull()
      const violations = await findAccessibilityViolations(page, { include: 'chatbot-widget' })
      expect(formatViolations(violations)).toBe('')
    }
    await check()
    await screenshot(page, 'widget-sources')

    await page.reload()
    await w.launcher.click()
    await expect.poll(() => suite.replyText(page), { timeout: 10_000 }).toBe(ANSWER)
    await check()
    expect(errors).toEqual([])
    await page.context().close()
  })
})
