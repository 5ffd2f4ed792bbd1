import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { announced, availability, GREETING, launchChromium, openPage, screenshot, startWidgetServer, transcript, widget, type WidgetServer } from './harness.js'

// End to end in real Chromium against the test-fixture page (`playwrightFixture.enabled`) of a
// real chatbot: its deterministic provider answers `Echo: <message>`, one token per word.

const echo = (request: { messages: { role: string; content?: unknown }[] }) =>
  `Echo: ${String(request.messages.findLast((message) => message.role === 'user')?.content ?? '')}`

describe.skipIf(!availability.run)('<chatbot-widget> on the fixture page, in Chromium', () => {
  let app: WidgetServer
  let browser: Browser
  let users = 0

  beforeAll(async () => {
    ;[app, browser] = await Promise.all([startWidgetServer({ fixture: true }), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })

  const fixtureUrl = () => `${app.server.url}/chatbot/test-fixture?channel=default&user=user-${++users}`

  async function sendMessage(page: Page, text: string) {
    const w = widget(page)
    await w.input.fill(text)
    await w.input.press('Enter')
  }

  it('sends a message and shows the streamed reply after the greeting', async () => {
    const { page, context, errors } = await openPage(browser, fixtureUrl())
    const w = widget(page)
    await w.launcher.click()
    await w.panel.waitFor()
    await expect.poll(() => transcript(page)).toEqual([`assistant: ${GREETING}`])
    // Record every text the reply shows while it streams.
    await page.locator('chatbot-widget').evaluate((host) => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = [])
      new MutationObserver(() => {
        const reply = [...host.shadowRoot!.querySelectorAll('.message.assistant .markdown')].at(-1)
        if (reply && seen.at(-1) !== reply.textContent) seen.push(reply.textContent ?? '')
      }).observe(host.shadowRoot!, { childList: true, subtree: true, characterData: true })
    })
    await sendMessage(page, 'Where is my anvil order?')
    await expect.poll(() => transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: Where is my anvil order?', 'assistant: Echo: Where is my anvil order?'])
    await expect.poll(() => w.send.isEnabled()).toBe(true)
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
    expect(seen.at(-1)).toBe('Echo: Where is my anvil order?')
    // The user's bubble is its text plus padding: no blank line above or below it.
    const bubble = await w.user.evaluate((element) => {
      const text = element.querySelector('.plain')!.getBoundingClientRect()
      const box = element.getBoundingClientRect()
      return { extra: box.height - text.height, lineHeight: parseFloat(getComputedStyle(element).lineHeight), textHeight: text.height }
    })
    expect(bubble.textHeight).toBeCloseTo(bubble.lineHeight, 0)
    expect(bubble.extra).toBeLessThan(bubble.lineHeight)
    // The input is cleared and keeps focus for the next message.
    expect(await w.input.inputValue()).toBe('')
    await screenshot(page, 'fixture-reply')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the history, greeting first, after a reload', async () => {
    const { page, context } = await openPage(browser, fixtureUrl())
    const w = widget(page)
    await w.launcher.click()
    await sendMessage(page, 'first question')
    await expect.poll(() => transcript(page)).toContain('assistant: Echo: first question')
    await expect.poll(() => w.send.isEnabled()).toBe(true)
    await sendMessage(page, 'second question')
    await expect.poll(() => transcript(page)).toContain('assistant: Echo: second question')
    const stored = await page.evaluate(() => localStorage.getItem('chatbot:conversation:default'))
    expect(stored).toMatch(/^[0-9a-f-]{36}$/)

    await page.reload()
    await w.launcher.click()
    await expect
      .poll(() => transcript(page))
      .toEqual([
        `assistant: ${GREETING}`,
        'user: first question',
        'assistant: Echo: first question',
        'user: second question',
        'assistant: Echo: second question',
      ])
    await screenshot(page, 'fixture-history')
    await context.close()
  })

  it('sends the X-CSRF-TOKEN header from the meta tag', async () => {
    const { page, context } = await openPage(browser, fixtureUrl())
    const headers: Record<string, string>[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/chatbot/messages')) headers.push(request.headers())
    })
    const meta = await page.locator('meta[name="csrf-token"]').getAttribute('content')
    expect(meta).toBeTruthy()
    await widget(page).launcher.click()
    await sendMessage(page, 'csrf please')
    await expect.poll(() => transcript(page)).toContain('assistant: Echo: csrf please')
    expect(headers).toHaveLength(1)
    expect(headers[0]!['x-csrf-token']).toBe(meta)
    await context.close()
  })

  it('sends the allowed extractors and skips one past its timeout', async () => {
    const { page, context } = await openPage(browser, fixtureUrl())
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.evaluate(() => {
      const chat = document.querySelector('chatbot-widget') as HTMLElement & {
        registerClientExtractor(name: string, fn: () => unknown, options?: object): void
      }
      chat.registerClientExtractor('fast', () => 'cart: 2 anvils')
      // The channel allows 300 ms: this one is skipped, and the message still goes.
      chat.registerClientExtractor('slow', () => new Promise((resolve) => setTimeout(() => resolve('too late'), 3000)))
      // Not in the envelope's allowlist: never runs, never sent.
      chat.registerClientExtractor('secret', () => 'never sent')
    })
    const before = app.recorder.clientExtractors.length
    await widget(page).launcher.click()
    await sendMessage(page, 'what is in my cart?')
    await expect.poll(() => transcript(page)).toContain('assistant: Echo: what is in my cart?')
    expect(app.recorder.clientExtractors.slice(before)).toEqual([{ fast: 'cart: 2 anvils' }])
    expect(warnings.some((text) => text.includes('"slow" skipped'))).toBe(true)
    await context.close()
  })

  it('shows a provider error with Retry, and Retry succeeds without a duplicate message', async () => {
    app.chatbot.fake([{ error: 500 }, 'Recovered fine'])
    try {
      const { page, context } = await openPage(browser, fixtureUrl())
      const w = widget(page)
      await w.launcher.click()
      await sendMessage(page, 'will this fail?')
      await w.error.waitFor()
      expect(await w.error.locator('span').textContent()).toBe('The assistant is unavailable. Try again soon.')
      expect(await w.error.getAttribute('role')).toBe('alert')
      await screenshot(page, 'fixture-error')
      await w.error.getByRole('button', { name: 'Retry' }).click()
      await expect.poll(() => transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: will this fail?', 'assistant: Recovered fine'])
      await w.error.waitFor({ state: 'hidden' })
      // The server stored the user message before the provider failed: the history shows it once.
      await page.reload()
      await w.launcher.click()
      await expect.poll(() => transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: will this fail?', 'assistant: Recovered fine'])
      await context.close()
    } finally {
      app.chatbot.fake(echo)
    }
  })

  it('still shows the greeting, with the error, when the history fails to load', async () => {
    const { page, context } = await openPage(browser, fixtureUrl())
    await page.route('**/chatbot/conversations/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"service_unavailable","message":"down"}}' }))
    await page.evaluate(() => localStorage.setItem('chatbot:conversation:default', '00000000-0000-4000-8000-000000000000'))
    const w = widget(page)
    await w.launcher.click()
    await w.error.waitFor()
    await expect.poll(() => transcript(page)).toEqual([`assistant: ${GREETING}`])
    await page.unroute('**/chatbot/conversations/**')
    await context.close()
  })

  it('starts a new conversation when the stored one is gone', async () => {
    const { page, context } = await openPage(browser, fixtureUrl())
    const gone = '00000000-0000-4000-8000-000000000000'
    await page.evaluate((id) => localStorage.setItem('chatbot:conversation:default', id), gone)
    // Opening would drop it on the history's 404; block that so the POST meets the unknown id.
    await page.route('**/chatbot/conversations/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"messages":[]}' }))
    const w = widget(page)
    await w.launcher.click()
    await sendMessage(page, 'hello again')
    await expect.poll(() => transcript(page)).toContain('assistant: Echo: hello again')
    expect(await w.error.isVisible()).toBe(false)
    const stored = await page.evaluate(() => localStorage.getItem('chatbot:conversation:default'))
    expect(stored).toMatch(/^[0-9a-f-]{36}$/)
    expect(stored).not.toBe(gone)
    await context.close()
  })

  it('is usable with the keyboard alone', async () => {
    const { page, context } = await openPage(browser, fixtureUrl())
    const w = widget(page)
    await page.keyboard.press('Tab')
    expect(await w.launcher.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
    await page.keyboard.press('Enter')
    await w.panel.waitFor()
    expect(await w.panel.getAttribute('role')).toBe('dialog')
    expect(await w.panel.getAttribute('aria-labelledby')).toBe('heading')
    await expect.poll(() => w.input.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true)
    await page.keyboard.type('line one')
    await page.keyboard.press('Shift+Enter')
    await page.keyboard.type('line two')
    expect(await w.input.inputValue()).toBe('line one\nline two')
    await page.keyboard.press('Enter')
    await expect.poll(() => transcript(page)).toContain('assistant: Echo: line one\nline two')
    expect(await w.user.locator('.plain').textContent()).toBe('line one\nline two')
    // The live region announces the reply once, when it completes, one paragraph a line.
    await expect.poll(() => announced(page)).toEqual(['Echo: line one', 'line two'])
    await screenshot(page, 'fixture-keyboard')
    await page.keyboard.press('Escape')
    await w.panel.waitFor({ state: 'hidden' })
    await expect.poll(() => w.launcher.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true)
    expect(await w.host.getAttribute('open')).toBeNull()
    await context.close()
  })

  it('takes the whole screen on a phone, input visible', async () => {
    const { page, context } = await openPage(browser, fixtureUrl(), { width: 390, height: 844 })
    const w = widget(page)
    await w.launcher.click()
    await w.panel.waitFor()
    const box = await w.panel.boundingBox()
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 })
    const input = await w.input.boundingBox()
    expect(input!.y + input!.height).toBeLessThanOrEqual(844)
    expect(input!.y).toBeGreaterThan(700)
    expect(await w.input.isVisible()).toBe(true)
    await sendMessage(page, 'from my phone')
    await expect.poll(() => transcript(page)).toContain('assistant: Echo: from my phone')
    await screenshot(page, 'fixture-phone')
    await context.close()
  })

  it('takes its theme from the custom properties and parts', async () => {
    const { page, context } = await openPage(browser, fixtureUrl())
    await page.addStyleTag({
      content: `chatbot-widget { --chatbot-accent: rgb(15, 118, 110); --chatbot-radius: 3px; --chatbot-font-family: monospace }
        chatbot-widget::part(launcher) { bottom: 96px; outline: 4px solid rgb(255, 0, 0) }
        button { background: rgb(0, 255, 0) !important }`,
    })
    const w = widget(page)
    const launcher = await w.launcher.evaluate((element) => {
      const style = getComputedStyle(element)
      return { background: style.backgroundColor, bottom: style.bottom, outline: style.outlineColor }
    })
    expect(launcher).toEqual({ background: 'rgb(15, 118, 110)', bottom: '96px', outline: 'rgb(255, 0, 0)' })
    await w.launcher.click()
    await sendMessage(page, 'themed')
    await expect.poll(() => transcript(page)).toContain('assistant: Echo: themed')
    const user = await w.user.evaluate((element) => {
      const style = getComputedStyle(element)
      return { background: style.backgroundColor, radius: style.borderTopLeftRadius, font: style.fontFamily }
    })
    expect(user).toEqual({ background: 'rgb(15, 118, 110)', radius: '3px', font: 'monospace' })
    await screenshot(page, 'fixture-theme')
    await context.close()
  })
})
