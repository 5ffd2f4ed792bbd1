import { describe, expect, it } from 'vitest'
import { BROWSER_ENGINES, findAccessibilityViolations, formatViolations, type EnginePage, type OpenOptions } from '@chatbot-kit/test-utils'
import { defineTool } from 'chatbot-kit'
import { availability } from './harness.js'
import { click, focus, isIdle, isShown, lastReply, sendMessage, useEngineTestPage } from './engine-harness.js'
import { contrastRatio } from './contrast.js'

// axe-core (WCAG 2.2 A and AA, best practices) on the widget in each of its states, light and
// dark, at desktop width and at 320 px: any violation fails. Dark is emulated in Chromium only
// (Firefox over WebDriver BiDi has no media emulation).

const STORY = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ')
const MARKDOWN = `Order **1042** shipped:\n\n- 2 × anvil\n- 1 × hammer\n\nTrack it at [the carrier](https://example.com/track). ${STORY}`
const CODE = 'Run this:\n\n```\ncurl --request POST https://shop.example/api/orders/1042/refund --header "Authorization: Bearer $TOKEN" --data \'{"reason":"damaged"}\'\n```'

/** `stock_lookup` always fails; `refund_order` waits for the user's approval. Registered afresh (a restart drops them). */
function registerTools(app: ReturnType<typeof useEngineTestPage>['app']) {
  const parameters = { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] } as const
  app.chatbot.registerTool(
    defineTool({
      name: 'stock_lookup',
      description: 'Look up stock',
      parameters,
      handler: () => {
        throw new Error('warehouse offline')
      },
    }),
  )
  app.chatbot.registerTool(defineTool({ name: 'refund_order', description: 'Refund an order', parameters, approval: 'required', handler: () => ({ refunded: true }) }))
  app.chatbot.channel('default').tools(['stock_lookup', 'refund_order'])
}

for (const engine of BROWSER_ENGINES) {
  describe.skipIf(!availability.run)(`<chatbot-widget> under axe-core, in ${engine.name}`, () => {
    const suite = useEngineTestPage(engine)

    const runs: [string, OpenOptions][] = [
      ['light', {}],
      ...(engine.name === 'Chromium' ? [['dark', { colorScheme: 'dark' }] as [string, OpenOptions]] : []),
      ['320 px', { width: 320, height: 640 }],
    ]

    it.each(runs)('has no violation in any state (%s)', { timeout: 180_000 }, async (run, options) => {
      registerTools(suite.app)
      const page = await suite.open('', options)
      const found: string[] = []
      const audit = async (state: string) => {
        const violations = await findAccessibilityViolations(page.driven, { include: 'chatbot-widget' })
        if (violations.length > 0) found.push(`${state}:\n${formatViolations(violations)}`)
      }
      const settle = () => expect.poll(() => isIdle(page), { timeout: 20_000 }).toBe(true)
      const provider = suite.app.provider!

      await audit('closed')
      await click(page, '[part="launcher"]')
      await expect.poll(() => isShown(page, '[part="input"]')).toBe(true)
      await audit('open, empty')
      // axe leaves placeholders out of its contrast check.
      expect(await placeholderContrast(page)).toBeGreaterThanOrEqual(4.5)
      await click(page, '[part="menu-button"]')
      await audit('menu open')
      await page.press('Escape')

      provider.script({ text: MARKDOWN, tokenDelayMs: 150 })
      await sendMessage(page, 'Where is my order?')
      await expect.poll(() => lastReply(page), { timeout: 10_000 }).toContain('anvil')
      await audit('streaming a Markdown reply')
      await settle()

      provider.script({ text: CODE })
      await sendMessage(page, 'How do I ask for a refund?')
      await expect.poll(() => lastReply(page), { timeout: 10_000 }).toContain('curl')
      await settle()
      await audit('code block, with the thumbs')

      provider.script({ toolCalls: [{ name: 'stock_lookup', arguments: { orderId: '1042' } }] }, { text: 'I could not check the stock.' })
      await sendMessage(page, 'Is it in stock?')
      await expect.poll(() => lastReply(page), { timeout: 10_000 }).toContain('could not check')
      await settle()
      expect(await isShown(page, '.tool.failed')).toBe(true)
      await audit('a failed tool call')
      await page.screenshot(`axe-${engine.name.split(' ')[0]!.toLowerCase()}-${run.replace(' ', '')}-tool-failed`)

      await click(page, '.message.assistant:last-child .down')
      await expect.poll(() => isShown(page, '[part="feedback-comment"]')).toBe(true)
      await audit('feedback comment')
      await page.press('Escape')

      provider.script({ text: 'Refunding it.', toolCalls: [{ name: 'refund_order', arguments: { orderId: '1042' } }] })
      await sendMessage(page, 'Refund it')
      await expect.poll(() => isShown(page, '[part="approval"]'), { timeout: 10_000 }).toBe(true)
      await settle()
      await audit('approval card')

      // A 4xx from the provider is not retried: the reply ends with `provider_error`.
      provider.script({ status: 400 })
      await sendMessage(page, 'Hello?')
      await expect.poll(() => isShown(page, '[part="error"]'), { timeout: 20_000 }).toBe(true)
      await audit('error with Retry')

      await suite.app.restart()
      await sendMessage(page, 'Still there?')
      await expect.poll(() => page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[part="error"] button')!.textContent, null)).toBe('Reload')
      await audit('expired, with Reload')
      await page.screenshot(`axe-${engine.name.split(' ')[0]!.toLowerCase()}-${run.replace(' ', '')}-expired`)

      expect(found.join('\n\n')).toBe('')
      expect(page.errors).toEqual([])
      await page.close()
    })

    it('draws the message list’s focus ring inside the panel, which clips what is outside it', async () => {
      const page = await suite.open()
      await click(page, '[part="launcher"]')
      await focus(page, '[part="messages"]')
      const shown = await focusRing(page)
      expect(shown.ringWidth).toBeGreaterThan(0)
      expect(shown.ring.left).toBeGreaterThanOrEqual(shown.panel.left)
      expect(shown.ring.right).toBeLessThanOrEqual(shown.panel.right)
      await page.close()
    })
  })
}

/** The list's focus ring box (its box grown by outline offset and width) and the panel's box. */
const focusRing = (page: EnginePage) =>
  page.evaluate(() => {
    const root = document.querySelector('chatbot-widget')!.shadowRoot!
    const list = root.querySelector('[part="messages"]')!
    const style = getComputedStyle(list)
    const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth)
    const box = list.getBoundingClientRect()
    const panel = root.querySelector('[part="panel"]')!.getBoundingClientRect()
    return {
      ringWidth: list.matches(':focus-visible') ? parseFloat(style.outlineWidth) : 0,
      ring: { left: box.left - grow, right: box.right + grow },
      panel: { left: panel.left, right: panel.right },
    }
  }, null)

/** The message input's placeholder against the panel's background. */
async function placeholderContrast(page: EnginePage) {
  const { color, opacity, background } = await page.evaluate(() => {
    const root = document.querySelector('chatbot-widget')!.shadowRoot!
    const placeholder = getComputedStyle(root.querySelector('[part="input"]')!, '::placeholder')
    return { color: placeholder.color, opacity: placeholder.opacity, background: getComputedStyle(root.querySelector('[part="panel"]')!).backgroundColor }
  }, null)
  return contrastRatio(color, background, Number(opacity))
}
