import type { Page } from 'playwright-core'
import { createTcpProxy } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { availability, GREETING, openPage, screenshot, transcript, useTestPage, widget } from './harness.js'

// Durable replies end to end (contract §9.1): real Chromium, a real chatbot-kit server with its
// built-in replies plugin over a real socket, and the demo provider streaming slowly enough to
// reload, go offline, stop, or open a second tab in the middle of a reply.

const story = (words: number) => Array.from({ length: words }, (_, index) => `word${index}`).join(' ')

describe.skipIf(!availability.run)('<chatbot-widget> durable replies, in Chromium', () => {
  const suite = useTestPage()
  const { pageUrl, replyText } = suite

  async function open(page: Page) {
    await widget(page).launcher.click()
    await widget(page).panel.waitFor()
  }

  async function sendMessage(page: Page, text: string) {
    await widget(page).input.fill(text)
    await widget(page).input.press('Enter')
  }

  /** The conversation as the server lists it, asked from the page with its own envelope and cookies. */
  function history(page: Page) {
    return page.evaluate(async () => {
      const id = localStorage.getItem('chatbot:conversation:default')
      const token = document.querySelector('chatbot-widget')!.getAttribute('signed-context')!
      const response = await fetch(`/chatbot/conversations/${id}/messages?signed_context=${encodeURIComponent(token)}`)
      return ((await response.json()) as { messages: { role: string; content: string; status: string }[] }).messages
    })
  }

  it('continues a reply after a reload, without repeating its text', async () => {
    const { page, context, errors } = await openPage(suite.browser, pageUrl())
    await open(page)
    const text = story(40)
    suite.app.provider!.script({ text, tokenDelayMs: 80 })
    await sendMessage(page, 'Tell me a story')
    await expect.poll(() => replyText(page)).toMatch(/word5/)
    await page.reload()
    await open(page)
    // The reply shows again from the history, then follows live to its end, once.
    await expect.poll(() => replyText(page), { timeout: 15_000 }).toBe(text)
    await widget(page).send.waitFor()
    expect(await transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: Tell me a story', `assistant: ${text}`])
    expect((await history(page)).at(-1)).toMatchObject({ role: 'assistant', content: text, status: 'complete' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('recovers from three seconds offline mid-reply, with the provider’s text exactly once', async () => {
    // Chromium's offline mode fails new requests but leaves an open stream flowing, so the page
    // goes through a TCP proxy that drops every connection, as a lost network does.
    const proxy = await createTcpProxy({ port: Number(new URL(suite.app.server.url).port) })
    const { page, context, errors } = await openPage(suite.browser, `http://127.0.0.1:${proxy.port}/chatbot/test-page`)
    const w = widget(page)
    await open(page)
    const text = story(50)
    suite.app.provider!.script({ text, tokenDelayMs: 100 })
    await sendMessage(page, 'Tell me another story')
    await expect.poll(() => replyText(page)).toMatch(/word3/)
    await context.setOffline(true)
    await proxy.refuse()
    const status = w.host.locator('[role="status"]')
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Connection lost. Reconnecting…')
    await screenshot(page, 'durable-reconnecting')
    await page.waitForTimeout(3000)
    await proxy.resume()
    await context.setOffline(false)
    await expect.poll(() => replyText(page), { timeout: 20_000 }).toBe(text)
    await w.send.waitFor()
    expect(await status.textContent()).toBe('')
    expect(await w.error.isVisible()).toBe(false)
    expect(await transcript(page)).toEqual([`assistant: ${GREETING}`, 'user: Tell me another story', `assistant: ${text}`])
    expect(errors).toEqual([])
    await context.close()
    await proxy.close()
  })

  it('stops a reply on the server: the history lists it incomplete, as far as it got', async () => {
    const { page, context } = await openPage(suite.browser, pageUrl())
    const w = widget(page)
    await open(page)
    suite.app.provider!.script({ text: story(60), tokenDelayMs: 100 })
    await sendMessage(page, 'Tell me a long story')
    await expect.poll(() => replyText(page)).toMatch(/word2/)
    await w.stop.click()
    await w.send.waitFor()
    await expect.poll(() => w.assistant.last().locator('.status').textContent()).toBe('Stopped')
    await screenshot(page, 'durable-stopped')
    const shown = await replyText(page)
    await expect.poll(async () => (await history(page)).at(-1), { timeout: 10_000 }).toMatchObject({ role: 'assistant', status: 'incomplete' })
    const last = (await history(page)).at(-1)!
    // The server kept at least what the page showed, and stopped well before the end.
    expect(last.content.startsWith(shown)).toBe(true)
    expect(last.content).not.toContain('word59')
    // After a reload the stopped reply shows as stopped.
    await page.reload()
    await open(page)
    await expect.poll(() => w.assistant.last().locator('.status').textContent()).toBe('Stopped')
    expect(await replyText(page)).toBe(last.content.trim())
    await context.close()
  })

  it('shows two tabs the same messages and the same live reply', async () => {
    const first = await openPage(suite.browser, pageUrl())
    const second = await first.context.newPage()
    await second.goto(pageUrl())
    const [a, b] = [first.page, second]
    await open(a)
    await open(b)
    await expect.poll(() => transcript(b)).toEqual([`assistant: ${GREETING}`])
    // 8 s of reply: room for the second tab to join a loaded machine's run while it still streams.
    const text = story(80)
    suite.app.provider!.script({ text, tokenDelayMs: 100 })
    await sendMessage(a, 'Tell me a story in both tabs')
    // The other tab shows the message and the reply while it streams…
    // The user looks at the other tab (a hidden tab need not paint each token).
    await b.bringToFront()
    await expect.poll(() => transcript(b), { timeout: 10_000 }).toContain('user: Tell me a story in both tabs')
    await expect.poll(() => replyText(b)).toMatch(/word5/)
    expect(await replyText(b)).not.toContain('word79')
    expect(await widget(b).stop.isVisible()).toBe(true)
    await screenshot(b, 'durable-second-tab')
    // …and both end with the same conversation.
    await expect.poll(() => replyText(a), { timeout: 15_000 }).toBe(text)
    await expect.poll(() => replyText(b), { timeout: 15_000 }).toBe(text)
    await widget(b).send.waitFor()
    expect(await transcript(b)).toEqual(await transcript(a))
    expect(await transcript(a)).toEqual([`assistant: ${GREETING}`, 'user: Tell me a story in both tabs', `assistant: ${text}`])
    expect(first.errors).toEqual([])
    await first.context.close()
  })
})
