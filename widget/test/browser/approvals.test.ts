import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { defineTool } from 'chatbot-kit'
import { announced, availability, focused, GREETING, history, openPage, screenshot, transcript, useTestPage, widget } from './harness.js'

// Tool approvals end to end (contract §9.2): real Chromium, a real chatbot-kit server over a real
// socket with a tool that needs approval, and the demo provider scripted to call it.

const ORDER = { orderId: '1042', amount: 49.5, items: ['anvil', 'hammer'] }
const SHOWN = [
  ['orderId', '1042'],
  ['amount', '49.5'],
  ['items', '["anvil","hammer"]'],
]

describe.skipIf(!availability.run)('<chatbot-widget> tool approvals, in Chromium', () => {
  const suite = useTestPage()
  const { pageUrl, replyText } = suite

  /** Registers `refund_order` (every call waits for the user) afresh, allowed on the channel; returns what its handler received. */
  function refundTool() {
    const calls: Record<string, unknown>[] = []
    suite.app.chatbot.registerTool(
      defineTool({
        name: 'refund_order',
        description: 'Refund an order',
        parameters: { type: 'object', properties: { orderId: { type: 'string' }, amount: { type: 'number' }, items: { type: 'array', items: { type: 'string' } } }, required: ['orderId'] },
        approval: 'required',
        handler: (args) => (calls.push(args), { refunded: true }),
      }),
    )
    suite.app.chatbot.channel('default').tools(['refund_order'])
    return calls
  }

  async function openChat() {
    const opened = await openPage(suite.browser, pageUrl())
    await widget(opened.page).launcher.click()
    await widget(opened.page).panel.waitFor()
    return opened
  }

  async function sendMessage(page: Page, text: string) {
    await widget(page).input.fill(text)
    await widget(page).input.press('Enter')
  }

  const card = (page: Page) => widget(page).host.locator('[part="approval"]')

  /** Each waiting call as the card shows it: its tool's name and its argument rows. */
  function shownCalls(page: Page) {
    return card(page)
      .locator('.call')
      .evaluateAll((calls) =>
        calls.map((call) => ({
          name: call.querySelector('strong')!.textContent,
          rows: [...call.querySelectorAll('tr')].map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]),
        })),
      )
  }

  const tools = (page: Page) => widget(page).assistant.last().locator('.tool').allTextContents()

  /** The last provider request's tool results, as the model read them. */
  const toolResults = () =>
    suite.app
      .provider!.requests.at(-1)!
      .body.messages.filter((message) => message.role === 'tool')
      .map((message) => [message.tool_call_id, JSON.parse(message.content as string)])

  it('shows the waiting call with its arguments, and on Approve (by keyboard) runs it once and streams the answer', async () => {
    const calls = refundTool()
    const { page, context, errors } = await openChat()
    const w = widget(page)
    suite.app.provider!.script({ text: 'Let me refund that.', toolCalls: [{ id: 'call_refund', name: 'refund_order', arguments: ORDER }] }, { text: 'Order 1042 is refunded: 49.50 EUR.', tokenDelayMs: 60 })
    await sendMessage(page, 'Refund order 1042')
    await card(page).waitFor()
    expect(await card(page).locator('p').first().textContent()).toBe('The assistant needs your approval.')
    // Screen readers hear the paused reply and the request with it, not only the card appearing.
    await expect.poll(() => announced(page)).toEqual(['Let me refund that.', 'The assistant needs your approval.'])
    expect(await shownCalls(page)).toEqual([{ name: 'refund_order', rows: SHOWN }])
    expect(await card(page).locator('button').allTextContents()).toEqual(['Approve', 'Deny'])
    expect(calls).toEqual([])
    expect(await transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: Refund order 1042', 'assistant: Let me refund that.'])
    expect((await history(page)).pending_approval?.calls.map((call) => call.name)).toEqual(['refund_order'])

    // From the input, back through the card's buttons as a keyboard user would.
    await w.input.focus()
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('Deny')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('Approve')
    await screenshot(page, 'approval-card')
    await page.keyboard.press('Enter')

    // The continuation streams into the same conversation as a new reply.
    await expect.poll(() => replyText(page), { timeout: 10_000 }).toBe('Order 1042 is refunded: 49.50 EUR.')
    await w.send.waitFor()
    expect(await card(page).count()).toBe(0)
    expect(calls).toEqual([ORDER])
    expect(await tools(page)).toEqual(['Used refund_order'])
    expect(await focused(page)).toBe('input')
    expect(await transcript(page)).toEqual([
      `assistant: ${GREETING}`,
      'user: Refund order 1042',
      'assistant: Let me refund that.',
      'assistant: Order 1042 is refunded: 49.50 EUR.',
    ])
    const stored = await history(page)
    expect(stored.pending_approval).toBeNull()
    expect(stored.messages.map((message) => message.content)).toEqual([GREETING, 'Refund order 1042', 'Let me refund that.', 'Order 1042 is refunded: 49.50 EUR.'])
    expect(toolResults()).toEqual([['call_refund', { refunded: true }]])
    await screenshot(page, 'approval-approved')
    expect(errors).toEqual([])
    await context.close()
  })

  it('on Deny never runs the tool, shows the call declined and the model’s answer', async () => {
    const calls = refundTool()
    const { page, context, errors } = await openChat()
    suite.app.provider!.script({ toolCalls: [{ id: 'call_deny', name: 'refund_order', arguments: ORDER }] }, { text: 'All right, order 1042 stays as it is.' })
    await sendMessage(page, 'Refund order 1042, please')
    await card(page).waitFor()
    // A paused reply without text leaves no empty bubble, and the request alone is announced.
    expect(await transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: Refund order 1042, please'])
    await expect.poll(() => announced(page)).toEqual(['The assistant needs your approval.'])
    await card(page).getByRole('button', { name: 'Deny', exact: true }).click()
    await expect.poll(() => replyText(page), { timeout: 10_000 }).toBe('All right, order 1042 stays as it is.')
    await widget(page).send.waitFor()
    expect(await tools(page)).toEqual(['Declined refund_order'])
    expect(await card(page).count()).toBe(0)
    expect(calls).toEqual([])
    expect(toolResults()).toEqual([['call_deny', expect.objectContaining({ error: expect.objectContaining({ code: 'tool_denied' }) })]])
    await screenshot(page, 'approval-denied')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the waiting call again after a reload, and approving it still works', async () => {
    const calls = refundTool()
    const { page, context, errors } = await openChat()
    suite.app.provider!.script({ text: 'I need your go-ahead.', toolCalls: [{ id: 'call_reload', name: 'refund_order', arguments: ORDER }] }, { text: 'Refunded after the reload.' })
    await sendMessage(page, 'Refund order 1042 later')
    await card(page).waitFor()
    await page.reload()
    await widget(page).launcher.click()
    // The card comes back from the history's `pending_approval`.
    await card(page).waitFor()
    expect(await shownCalls(page)).toEqual([{ name: 'refund_order', rows: SHOWN }])
    expect(await transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: Refund order 1042 later', 'assistant: I need your go-ahead.'])
    expect(calls).toEqual([])
    await card(page).getByRole('button', { name: 'Approve', exact: true }).focus()
    await page.keyboard.press('Space')
    await expect.poll(() => replyText(page), { timeout: 10_000 }).toBe('Refunded after the reload.')
    await widget(page).send.waitFor()
    expect(calls).toEqual([ORDER])
    expect(await tools(page)).toEqual(['Used refund_order'])
    expect((await history(page)).pending_approval).toBeNull()
    expect(errors).toEqual([])
    await context.close()
  })

  it('takes a choice per call when a round has two: one approved, one denied, sent together', async () => {
    const calls = refundTool()
    const { page, context, errors } = await openChat()
    const second = { orderId: '2077', amount: 12 }
    suite.app.provider!.script(
      { toolCalls: [{ id: 'call_a', name: 'refund_order', arguments: ORDER }, { id: 'call_b', name: 'refund_order', arguments: second }] },
      { text: 'I refunded 1042 and left 2077 alone.' },
    )
    await sendMessage(page, 'Refund orders 1042 and 2077')
    await card(page).waitFor()
    expect(await shownCalls(page)).toEqual([
      { name: 'refund_order', rows: SHOWN },
      { name: 'refund_order', rows: [['orderId', '2077'], ['amount', '12']] },
    ])
    expect(await card(page).locator('button').allTextContents()).toEqual(['Approve', 'Deny', 'Approve', 'Deny', 'Approve all', 'Deny all'])
    const [first, next] = [card(page).locator('.call').nth(0), card(page).locator('.call').nth(1)]
    await first.getByRole('button', { name: 'Approve', exact: true }).click()
    // One choice is recorded and shown pressed; nothing is sent until every call has one.
    await expect.poll(() => first.getByRole('button', { name: 'Approve', exact: true }).getAttribute('aria-pressed')).toBe('true')
    expect(await next.getByRole('button', { name: 'Deny', exact: true }).getAttribute('aria-pressed')).toBe('false')
    await screenshot(page, 'approval-two-calls')
    expect(calls).toEqual([])
    await next.getByRole('button', { name: 'Deny', exact: true }).click()
    await expect.poll(() => replyText(page), { timeout: 10_000 }).toBe('I refunded 1042 and left 2077 alone.')
    await widget(page).send.waitFor()
    expect(calls).toEqual([ORDER])
    expect(await tools(page)).toEqual(['Used refund_order', 'Declined refund_order'])
    expect(toolResults().map(([id, result]) => [id, result.error?.code ?? 'ok'])).toEqual([
      ['call_a', 'ok'],
      ['call_b', 'tool_denied'],
    ])
    expect(errors).toEqual([])
    await context.close()
  })
})
