import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { defineTool } from 'chatbot-kit'
import { availability, focused, GREETING, history, openPage, screenshot, useTestPage, widget } from './harness.js'

// "Download conversation" end to end: real Chromium, a real chatbot-kit server with the demo
// provider calling a tool; the file is caught through Playwright's download event.

describe.skipIf(!availability.run)('<chatbot-widget> menu and "Download conversation", in Chromium', () => {
  const suite = useTestPage()
  const { pageUrl, replyText } = suite

  const menuButton = (page: Page) => widget(page).host.locator('[part="menu-button"]')
  const menu = (page: Page) => widget(page).host.locator('[part="menu"]')
  const downloadItem = (page: Page) => menu(page).getByRole('button', { name: 'Download conversation' })

  /** Opens the chat and has one exchange in which the assistant uses `order_status`. */
  async function chatWithTool() {
    suite.app.chatbot.registerTool(
      defineTool({
        name: 'order_status',
        description: 'The status of an order',
        parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
        handler: () => ({ status: 'shipped' }),
      }),
    )
    suite.app.chatbot.channel('default').tools(['order_status'])
    const opened = await openPage(suite.browser, pageUrl())
    const w = widget(opened.page)
    await w.launcher.click()
    suite.app.provider!.script(
      { toolCalls: [{ id: 'call_status', name: 'order_status', arguments: { orderId: '1042' } }] },
      { text: 'Order **1042** has shipped:\n\n- anvil\n- hammer' },
    )
    await w.input.fill('Where is order 1042?')
    await w.input.press('Enter')
    await expect.poll(() => replyText(opened.page), { timeout: 10_000 }).toMatch(/^Order 1042 has shipped:\s+anvil\s+hammer$/)
    await w.send.waitFor()
    return opened
  }

  it('downloads the conversation as Markdown, built in the browser from what it shows', async () => {
    const { page, context, errors } = await chatWithTool()
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false')
    expect(await menu(page).isVisible()).toBe(false)
    await menuButton(page).click()
    await menu(page).waitFor()
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true')
    await screenshot(page, 'menu')

    // Only the history and the message went to the server: the file is made here.
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    const [download] = await Promise.all([page.waitForEvent('download'), downloadItem(page).click()])
    expect(download.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.md$/)
    const markdown = readFileSync((await download.path())!, 'utf8')
    const [title, date, ...rest] = markdown.split('\n\n')
    expect(title).toBe('# Shop assistant')
    expect(date).toMatch(/^_.*\d.*_$/)
    expect(rest.join('\n\n')).toBe(
      [`## Assistant`, GREETING, '## You', 'Where is order 1042?', '## Assistant', '- Used order_status: `{"orderId":"1042"}`', 'Order **1042** has shipped:\n\n- anvil\n- hammer\n'].join('\n\n'),
    )
    expect(requests.filter((url) => !url.startsWith('blob:'))).toEqual([])
    // The menu closes and focus goes back to its button.
    await menu(page).waitFor({ state: 'hidden' })
    expect(await focused(page)).toBe('menu-button')
    // The same conversation as the server has it.
    expect((await history(page)).messages.map((message) => message.content)).toEqual([GREETING, 'Where is order 1042?', 'Order **1042** has shipped:\n\n- anvil\n- hammer'])
    expect(errors).toEqual([])
    await context.close()
  })

  it('opens and closes from the keyboard: Escape closes the menu and not the panel, Tab away closes it', async () => {
    const { page, context, errors } = await openPage(suite.browser, pageUrl())
    const w = widget(page)
    await w.launcher.click()
    await menuButton(page).focus()
    await page.keyboard.press('Enter')
    await menu(page).waitFor()
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('Download conversation')
    await page.keyboard.press('Escape')
    await menu(page).waitFor({ state: 'hidden' })
    expect(await focused(page)).toBe('menu-button')
    expect(await w.panel.isVisible()).toBe(true)

    await page.keyboard.press('Space')
    await menu(page).waitFor()
    // Tab past the menu (to the close button): it closes.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('close-button')
    await menu(page).waitFor({ state: 'hidden' })
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false')

    // A download by keyboard: the greeting alone.
    await menuButton(page).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(readFileSync((await download.path())!, 'utf8')).toMatch(new RegExp(`^# Shop assistant\\n\\n_.+_\\n\\n## Assistant\\n\\n${GREETING}\\n$`))
    expect(errors).toEqual([])
    await context.close()
  })
})
