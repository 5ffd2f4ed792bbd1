import { describe, expect, it } from 'vitest'
import { BROWSER_ENGINES, findAccessibilityViolations, formatViolations, type EnginePage } from '@chatbot-kit/test-utils'
import { availability } from './harness.js'
import { click, isIdle, isShown, recordCspViolations, sendMessage, useEngineTestPage } from './engine-harness.js'

// handoff.js in Firefox ESR: a dynamic import under the strict Content-Security-Policy (its
// stylesheet adopted, no violation), then a person asked for, claimed and writing
// (with no thumbs under their message). handoff.test.ts
// covers the rest in Chromium.

interface HandoffService {
  claim(conversationId: string, agent: string, actor: 'agent'): Promise<unknown>
  reply(conversationId: string, agent: string, text: string, actor: 'agent'): Promise<{ messageId: string }>
}

const firefox = BROWSER_ENGINES.find((engine) => engine.name === 'Firefox ESR')!

const status = (page: EnginePage) => page.evaluate(() => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[part="handoff"] [role="status"]')?.textContent ?? '', null)
const lastLine = (page: EnginePage) =>
  page.evaluate(() => {
    const message = [...document.querySelector('chatbot-widget')!.shadowRoot!.querySelectorAll('[part="message"]')].at(-1)
    return `${message?.querySelector('.author')?.textContent ?? ''}${(message?.querySelector<HTMLElement>('.plain, .markdown')?.innerText ?? '').trim()}`
  }, null)

describe.skipIf(!availability.run)('<chatbot-widget> handoff.js, in Firefox ESR', () => {
  const suite = useEngineTestPage(firefox)
  const service = () => (suite.app.chatbot as unknown as { handoff(): HandoffService }).handoff()

  it('loads handoff.js under the strict CSP with no violation; a person is asked for, joins and writes', { timeout: 90_000 }, async () => {
    const page = await suite.open('?channel=support&csp=strict')
    const violations = await recordCspViolations(page)
    await click(page, '[part="launcher"]')
    await expect.poll(() => page.evaluate(() => [...performance.getEntriesByType('resource')].some((entry) => new URL(entry.name).pathname === '/chatbot/handoff.js'), null)).toBe(true)
    await expect.poll(() => isShown(page, '[part="handoff"]')).toBe(true)
    // Its stylesheet is adopted under `style-src` without 'unsafe-inline': the bar is a row.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('[part="handoff"]')!).display, null)).toBe('flex')

    suite.app.provider!.script({ text: 'Our anvils ship on Fridays.' })
    await sendMessage(page, 'When do anvils ship?')
    await expect.poll(() => isIdle(page)).toBe(true)
    await expect.poll(() => isShown(page, '[part="handoff"] button')).toBe(true)
    await click(page, '[part="handoff"] button')
    await expect.poll(() => status(page)).toBe('Waiting for a person…')

    const conversationId = (await page.evaluate(() => localStorage.getItem('chatbot:conversation:support'), null))!
    await service().claim(conversationId, 'Ada', 'agent')
    await expect.poll(() => status(page)).toBe('Ada joined')
    await service().reply(conversationId, 'Ada', 'Your order left this morning.', 'agent')
    await expect.poll(() => lastLine(page)).toBe('Ada:Your order left this morning.')
    // A person's message is not the bot's to rate: no thumbs under it (the bot's reply keeps them).
    expect(await page.evaluate(() => [...document.querySelector('chatbot-widget')!.shadowRoot!.querySelectorAll('[part="message"]')].map((message) => !!message.querySelector('[part="feedback"]')), null)).toEqual([false, false, true, false])

    expect(formatViolations(await findAccessibilityViolations(page.driven, { include: 'chatbot-widget' }))).toBe(formatViolations([]))
    await page.screenshot('handoff-firefox-agent-joined')
    expect(await violations()).toEqual([])
    expect(page.errors).toEqual([])
    await page.close()
  })
})
