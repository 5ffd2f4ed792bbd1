import { describe, expect, it } from 'vitest'
import { BROWSER_ENGINES, type EnginePage } from '@chatbot-kit/test-utils'
import { availability } from './harness.js'
import { click, focus, focusedAt, isIdle, lastReply, sendMessage, useEngineTestPage } from './engine-harness.js'

// The polite live region that announces each finished reply: plain text, nothing in it that can
// take focus, and empty again once heard, so browse mode does not read each reply twice.
// Live regions and focus differ between engines, so each runs it.

const REPLY = 'Order **1042** shipped. Track it at [the carrier](https://example.com/track).\n\n- anvil\n- hammer'

/** The live region's paragraphs, and how many elements in it could take focus. */
const liveRegion = (page: EnginePage) =>
  page.evaluate(() => {
    const region = document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[aria-live="polite"]')!
    return {
      lines: [...region.querySelectorAll('p')].map((line) => line.textContent),
      focusable: region.querySelectorAll('a[href], button, input, textarea, [tabindex]').length,
    }
  }, null)

for (const engine of BROWSER_ENGINES) {
  describe.skipIf(!availability.run)(`<chatbot-widget> live region, in ${engine.name}`, () => {
    const suite = useEngineTestPage(engine)

    it('announces a reply as plain text that Tab never reaches, then empties itself', async () => {
      const page = await suite.open()
      await click(page, '[part="launcher"]')
      suite.app.provider!.script({ text: REPLY })
      await sendMessage(page, 'Where is my order?')
      await expect.poll(() => lastReply(page)).toContain('Track it at the carrier.')
      await expect.poll(() => isIdle(page)).toBe(true)
      // Tab from Send goes past the widget to the page, not into the hidden region.
      await focus(page, '[part="send-button"]')
      await page.press('Tab')
      expect(await focusedAt(page)).toBe('page:Delivery terms')
      expect(await liveRegion(page)).toEqual({ lines: ['Order 1042 shipped. Track it at the carrier.', 'anvil', 'hammer'], focusable: 0 })

      await expect.poll(() => liveRegion(page), { timeout: 15_000 }).toEqual({ lines: [], focusable: 0 })
      // The reply itself keeps its link.
      expect(await page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('.message.assistant:last-child a')?.getAttribute('href'), null)).toBe(
        'https://example.com/track',
      )
      expect(page.errors).toEqual([])
      await page.close()
    })
  })
}
