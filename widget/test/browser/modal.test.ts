import { describe, expect, it } from 'vitest'
import { BROWSER_ENGINES, type EnginePage } from '@chatbot-kit/test-utils'
import { availability } from './harness.js'
import { focus, focusedAt, isShown, useEngineTestPage } from './engine-harness.js'

// The floating panel on a phone (320 px, or 400 % zoom on a desktop) covers the whole page: it is
// then a modal dialog that keeps Tab inside it, and only then. Focus handling differs between
// engines, so each runs it.

/** The order Tab visits the open panel with an empty conversation in it. */
const PANEL_ORDER = ['menu-button', 'close-button', 'messages', 'input', 'send-button']

const panelModal = (page: EnginePage) =>
  page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[part="panel"]')!.getAttribute('aria-modal'), null)

/** Opens the panel from the keyboard: the launcher focused, then Enter. */
async function openByKeyboard(page: EnginePage) {
  await focus(page, '[part="launcher"]')
  await page.press('Enter')
  await expect.poll(() => focusedAt(page)).toBe('input')
}

/** Where focus goes on each of `count` presses of Tab (Shift+Tab with `shift`). */
async function tabs(page: EnginePage, count: number, shift = false) {
  const seen: (string | null)[] = []
  for (let index = 0; index < count; index += 1) {
    await page.press('Tab', { shift })
    seen.push(await focusedAt(page))
  }
  return seen
}

for (const engine of BROWSER_ENGINES) {
  describe.skipIf(!availability.run)(`<chatbot-widget> as a modal dialog on small screens, in ${engine.name}`, () => {
    const suite = useEngineTestPage(engine)

    it('at 320 px: a modal dialog that Tab and Shift+Tab cycle through, and Escape closes back to the launcher', async () => {
      const page = await suite.open('', { width: 320, height: 640 })
      const launcherName = () => page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[part="launcher"]')!.getAttribute('aria-label'), null)
      expect(await launcherName()).toBe('Open chat')
      await openByKeyboard(page)
      expect(await panelModal(page)).toBe('true')
      const [menu, close, messages, input, send] = PANEL_ORDER
      // From the input: Send, then around to the header, never to the page's link under the panel.
      expect(await tabs(page, 6)).toEqual([send, menu, close, messages, input, send])
      expect(await tabs(page, 6, true)).toEqual([input, messages, close, menu, send, input])
      await page.screenshot(`modal-320-${engine.name.split(' ')[0]!.toLowerCase()}`)

      await page.press('Escape')
      await expect.poll(() => isShown(page, '[part="panel"]')).toBe(false)
      expect(await focusedAt(page)).toBe('launcher')
      expect(await launcherName()).toBe('Open chat')
      expect(page.errors).toEqual([])
      await page.close()
    })

    it('at desktop width: a dialog that is not modal, so Tab goes on to the page; the launcher is named for what it does', async () => {
      const page = await suite.open()
      await openByKeyboard(page)
      expect(await panelModal(page)).toBeNull()
      expect(await page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[part="launcher"]')!.getAttribute('aria-label'), null)).toBe('Close chat')
      expect(await tabs(page, 2)).toEqual(['send-button', 'page:Delivery terms'])

      // The same page zoomed to a phone's width (a desktop at 400 %) turns modal, and back.
      await page.resize({ width: 320, height: 640 })
      await expect.poll(() => panelModal(page)).toBe('true')
      await page.resize({ width: 1024, height: 768 })
      await expect.poll(() => panelModal(page)).toBeNull()
      expect(page.errors).toEqual([])
      await page.close()
    })
  })
}
