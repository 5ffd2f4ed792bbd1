import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { findAccessibilityViolations, formatViolations } from '@chatbot-kit/test-utils'
import { announced, availability, focused, openPage, screenshot, useTestPage, widget } from './harness.js'

// Human handoff in the widget (contract §11.3, docs/widget.md): real Chromium, a real server with
// the demo provider; the agent's side goes through the handoff plugin's service, as the admin
// API's `handoff.*` does.

interface HandoffService {
  claim(conversationId: string, agent: string, actor: 'agent'): Promise<unknown>
  reply(conversationId: string, agent: string, text: string, actor: 'agent'): Promise<{ messageId: string }>
  release(conversationId: string, agent: string, actor: 'agent'): Promise<unknown>
}

describe.skipIf(!availability.run)('<chatbot-widget> human handoff, in Chromium', () => {
  const suite = useTestPage()
  const supportUrl = () => `${suite.app.server.url}/chatbot/test-page?channel=support`
  const service = () => (suite.app.chatbot as unknown as { handoff(): HandoffService }).handoff()

  const talk = (page: Page) => widget(page).host.getByRole('button', { name: 'Talk to a person' })
  const status = (page: Page) => widget(page).host.locator('[part="handoff"] [role="status"]').textContent()
  const conversationOf = (page: Page) => page.evaluate(() => localStorage.getItem('chatbot:conversation:support'))
  /** Each message's speaker label and text, as a reader sees them. */
  const lines = (page: Page) =>
    widget(page).host.evaluate((host) =>
      [...host.shadowRoot!.querySelectorAll('[part="message"]')].map((message) => `${message.querySelector('.author')?.textContent ?? ''}${(message.querySelector<HTMLElement>('.plain, .markdown')?.innerText ?? '').trim()}`),
    )

  async function ask(page: Page, question: string) {
    const w = widget(page)
    await w.input.fill(question)
    await w.input.press('Enter')
    await expect.poll(() => lines(page).then((all) => all.includes(question))).toBe(true)
    await w.send.waitFor()
  }

  it('offers "Talk to a person" only on a channel with handoff, and loads handoff.js only there', async () => {
    const requested: string[] = []
    const plain = await openPage(suite.browser, `${suite.app.server.url}/chatbot/test-page`, undefined, async (page) => page.on('request', (request) => requested.push(new URL(request.url()).pathname)))
    await widget(plain.page).launcher.click()
    await widget(plain.page).assistant.first().waitFor()
    expect(await widget(plain.page).host.locator('[part="handoff"]').count()).toBe(0)
    expect(requested).not.toContain('/chatbot/handoff.js')
    await plain.context.close()

    const support = await openPage(suite.browser, supportUrl(), undefined, async (page) => page.on('request', (request) => requested.push(new URL(request.url()).pathname)))
    await widget(support.page).launcher.click()
    await widget(support.page).host.locator('[part="handoff"]').waitFor({ state: 'attached' })
    expect(requested).toContain('/chatbot/handoff.js')
    // Offered once there is a conversation to hand over.
    expect(await talk(support.page).isVisible()).toBe(false)
    suite.app.provider!.script({ text: 'Our anvils ship on Fridays.' })
    await ask(support.page, 'When do anvils ship?')
    await expect.poll(() => talk(support.page).isVisible()).toBe(true)
    expect(formatViolations(await findAccessibilityViolations(support.page, { include: 'chatbot-widget' }))).toBe(formatViolations([]))
    await screenshot(support.page, 'handoff-button')
    expect(support.errors).toEqual([])
    await support.context.close()
  })

  it('loads handoff.js under the strict Content-Security-Policy with no violation', async () => {
    const { page, context, errors } = await openPage(suite.browser, `${supportUrl()}&csp=strict`, undefined, (page) =>
      page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`csp: ${event.violatedDirective}`))),
    )
    const problems: string[] = []
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
    await widget(page).launcher.click()
    await widget(page).host.locator('[part="handoff"]').waitFor({ state: 'attached' })
    // Its stylesheet is adopted: the bar is laid out as a row.
    expect(await widget(page).host.locator('[part="handoff"]').evaluate((bar) => getComputedStyle(bar).display)).toBe('flex')
    expect([...errors, ...problems]).toEqual([])
    await context.close()
  })

  it('waits for a person: no empty bubble for a held message; the agent joins and writes live in two tabs and after a reload', async () => {
    const first = await openPage(suite.browser, supportUrl())
    const { page, context } = first
    const w = widget(page)
    await w.launcher.click()
    suite.app.provider!.script({ text: 'I can help with orders.' })
    await ask(page, 'Where is my order?')
    await expect.poll(() => lines(page)).toEqual(['Hello! Ask me anything about the shop.', 'Where is my order?', 'I can help with orders.'])

    await talk(page).click()
    await expect.poll(() => status(page)).toBe('Waiting for a person…')
    expect(await talk(page).isVisible()).toBe(false)
    // The button hid; focus moved on to the input.
    expect(await focused(page)).toBe('input')
    await screenshot(page, 'handoff-waiting')

    // A message while waiting: stored, no model reply, no empty bubble.
    await ask(page, 'Hello, anyone there?')
    await expect.poll(() => lines(page)).toEqual(['Hello! Ask me anything about the shop.', 'Where is my order?', 'I can help with orders.', 'Hello, anyone there?'])
    expect(await status(page)).toBe('Waiting for a person…')

    // A second tab of the same conversation (same storage and cookies) resumes the handoff.
    const second = await context.newPage()
    await second.goto(supportUrl())
    await widget(second).launcher.click()
    await expect.poll(() => status(second)).toBe('Waiting for a person…')

    const conversationId = (await conversationOf(page))!
    await service().claim(conversationId, 'Ada', 'agent')
    await expect.poll(() => status(page)).toBe('Ada joined')
    await expect.poll(() => status(second)).toBe('Ada joined')
    await service().reply(conversationId, 'Ada', 'Hi, I am Ada. Your order left this morning.', 'agent')
    for (const tab of [page, second]) await expect.poll(() => lines(tab).then((all) => all.at(-1))).toBe('Ada:Hi, I am Ada. Your order left this morning.')
    await expect.poll(() => announced(page)).toEqual(['Ada: Hi, I am Ada. Your order left this morning.'])

    const violations = await findAccessibilityViolations(page, { include: 'chatbot-widget' })
    expect(formatViolations(violations)).toBe(formatViolations([]))
    await screenshot(page, 'handoff-agent-joined')

    // After a reload: the agent's message keeps its name (history `author`), and the state resumes.
    await page.reload()
    await w.launcher.click()
    await expect.poll(() => lines(page)).toEqual([
      'Hello! Ask me anything about the shop.',
      'Where is my order?',
      'I can help with orders.',
      'Hello, anyone there?',
      'Ada:Hi, I am Ada. Your order left this morning.',
    ])
    await expect.poll(() => status(page)).toBe('Ada joined')

    await service().release(conversationId, 'Ada', 'agent')
    await expect.poll(() => status(page)).toBe('You are back with the assistant')
    await expect.poll(() => status(second)).toBe('You are back with the assistant')
    await expect.poll(() => talk(page).isVisible()).toBe(true)
    await screenshot(page, 'handoff-back-to-bot')
    expect(first.errors).toEqual([])
    await context.close()
  })
})
