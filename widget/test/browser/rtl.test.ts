import { describe, expect, it } from 'vitest'
import { BROWSER_ENGINES, type EnginePage } from '@chatbot-kit/test-utils'
import { defineTool } from 'chatbot-kit'
import { availability, refreshDocsImage } from './harness.js'
import { click, isShown, lastReply, sendMessage, useEngineTestPage } from './engine-harness.js'

// A right-to-left page (`<html dir="rtl">`): the widget takes the page's direction and lays out
// with logical properties, so nothing is clipped, run together or padded on the wrong side.
// Layout differs between engines, so each runs it.

/** Boxes, as plain objects, of what right-to-left layout used to get wrong. */
const layout = (page: EnginePage) =>
  page.evaluate(() => {
    const root = document.querySelector('chatbot-widget')!.shadowRoot!
    const box = (node: Element | Range) => {
      const { left, right, top, bottom } = node.getBoundingClientRect()
      return { left, right, top, bottom }
    }
    const textBox = (element: Element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return box(range)
    }
    const item = root.querySelector('[part="menu"] button')!
    const list = root.querySelector('.message.assistant:last-child ul')!
    const row = root.querySelector('[part="approval"] tr')!
    return {
      viewport: { left: 0, right: innerWidth, top: 0, bottom: innerHeight },
      panel: box(root.querySelector('[part="panel"]')!),
      menuItem: { ...box(item), clipped: item.scrollWidth > item.clientWidth },
      list: box(list),
      listItem: box(list.querySelector('li')!),
      key: textBox(row.querySelector('th')!),
      value: textBox(row.querySelector('td')!),
    }
  }, null)

type Box = { left: number; right: number; top: number; bottom: number }
const inside = (inner: Box, outer: Box) => inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom

for (const engine of BROWSER_ENGINES) {
  describe.skipIf(!availability.run)(`<chatbot-widget> on a right-to-left page, in ${engine.name}`, () => {
    const suite = useEngineTestPage(engine)

    it('shows the whole menu, separates an approval’s keys from their values, and indents lists from the right', async () => {
      suite.app.chatbot.registerTool(
        defineTool({
          name: 'refund_order',
          description: 'Refund an order',
          parameters: { type: 'object', properties: { orderId: { type: 'string' }, amount: { type: 'number' } }, required: ['orderId'] },
          approval: 'required',
          handler: () => ({ refunded: true }),
        }),
      )
      suite.app.chatbot.channel('default').tools(['refund_order'])
      const page = await suite.open('?dir=rtl')
      await click(page, '[part="launcher"]')
      suite.app.provider!.script({ text: 'Your order holds:\n\n- anvil\n- hammer', toolCalls: [{ id: 'call_refund', name: 'refund_order', arguments: { orderId: '1042', amount: 49.5 } }] })
      await sendMessage(page, 'Refund order 1042')
      await expect.poll(() => isShown(page, '[part="approval"]')).toBe(true)
      // The reply's text renders on the next frame; the approval card may show first.
      await expect.poll(() => lastReply(page)).toContain('hammer')
      await click(page, '[part="menu-button"]')
      await expect.poll(() => isShown(page, '[part="menu"]')).toBe(true)
      const picture = await page.screenshot(`rtl-${engine.name.split(' ')[0]!.toLowerCase()}`)
      if (engine.name === 'Chromium') refreshDocsImage(picture, 'widget-rtl.png')

      const shown = await layout(page)
      // The menu opens into the panel, its item whole and on screen ("Download conversation", not "versation").
      expect(inside(shown.menuItem, shown.panel), JSON.stringify(shown)).toBe(true)
      expect(inside(shown.menuItem, shown.viewport)).toBe(true)
      expect(shown.menuItem.clipped).toBe(false)
      // The key reads first, on the right, with space before its value.
      expect(shown.key.left - shown.value.right, JSON.stringify(shown)).toBeGreaterThanOrEqual(8)
      // List items are indented on the inline-start side: the right.
      expect(shown.list.right - shown.listItem.right, JSON.stringify(shown)).toBeGreaterThanOrEqual(15)
      expect(Math.abs(shown.listItem.left - shown.list.left)).toBeLessThan(1)
      expect(page.errors).toEqual([])
      await page.close()
    })
  })
}
