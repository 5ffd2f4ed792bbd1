import { describe, expect, it } from 'vitest'
import type { WidgetElement } from '../../src/element/widget-element.js'
import { availability, openPage, useTestPage, widget } from './harness.js'

// The element's public API in Chromium: attributes and properties, `open` reflection, events,
// styles in the shadow root, and the panel's life across moves and removal.

describe.skipIf(!availability.run)('<chatbot-widget> as an element, in Chromium', () => {
  const suite = useTestPage()

  it('reads its attributes, reflects `open`, and dispatches events only for the user’s actions', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.pageUrl())
    const w = widget(page)
    await w.launcher.waitFor()
    const element = await w.host.evaluate((node) => {
      const host = node as WidgetElement
      const events: unknown[] = []
      ;(window as unknown as { events: unknown[] }).events = events
      for (const type of ['chatbot-open', 'chatbot-close']) {
        document.addEventListener(type, (event) => {
          const { detail, bubbles, composed } = event as CustomEvent
          events.push({ type, detail, bubbles, composed })
        })
      }
      // Adopted as a constructed stylesheet, not a style element (which a strict CSP blocks).
      const rules = host.shadowRoot!.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n')
      const styled = rules.includes('--chatbot-accent') && host.shadowRoot!.querySelector('style') === null
      return { mode: host.shadowRoot!.mode, styled, channel: host.channel, title: host.title, position: host.position, signed: host.signedContext.length > 0, open: host.open }
    })
    expect(element).toEqual({ mode: 'open', styled: true, channel: 'default', title: 'Shop assistant', position: 'bottom-right', signed: true, open: false })

    await w.launcher.click()
    await w.panel.waitFor()
    expect([await w.host.getAttribute('open'), await w.host.evaluate((host) => (host as WidgetElement).open)]).toEqual(['', true])
    await w.host.evaluate((host) => ((host as WidgetElement).open = false))
    await w.panel.waitFor({ state: 'hidden' })
    expect(await w.host.getAttribute('open')).toBeNull()
    await w.host.evaluate((host) => host.setAttribute('open', ''))
    await w.panel.waitFor()
    await w.host.locator('[part="close-button"]').click()
    await w.panel.waitFor({ state: 'hidden' })
    const events = await page.evaluate(() => (window as unknown as { events: unknown[] }).events)
    const flags = { detail: {}, bubbles: true, composed: true }
    expect(events).toEqual([
      { type: 'chatbot-open', ...flags },
      { type: 'chatbot-close', ...flags },
    ])

    // Changes after mounting update the panel: the title, translations, and the position.
    await w.host.evaluate((host) => {
      host.setAttribute('title', 'Help desk')
      host.setAttribute('position', 'inline')
      ;(host as WidgetElement).setStrings({ send: 'Senden' })
    })
    await w.launcher.waitFor({ state: 'hidden' })
    expect(await w.panel.getAttribute('role')).toBe('region')
    expect(await w.host.locator('h2').textContent()).toBe('Help desk')
    expect(await w.send.getAttribute('aria-label')).toBe('Senden')
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps its panel when moved, and mounts it again when put back after removal', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.pageUrl())
    const w = widget(page)
    await w.launcher.click()
    await w.input.fill('unsent')
    await w.host.evaluate((host) => document.querySelector('h1')!.append(host))
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
    expect(await w.input.inputValue()).toBe('unsent')

    const roots = await w.host.evaluate(async (host) => {
      host.remove()
      await new Promise((resolve) => setTimeout(resolve))
      const removed = host.shadowRoot!.querySelector('.root') === null
      document.body.append(host)
      await new Promise((resolve) => setTimeout(resolve))
      return { removed, again: host.shadowRoot!.querySelectorAll('.root').length }
    })
    expect(roots).toEqual({ removed: true, again: 1 })
    await w.panel.waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the panel while closed (unsent text stays) and shows the latest message when it opens again', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.pageUrl(), { width: 1024, height: 500 })
    const w = widget(page)
    await w.launcher.click()
    suite.app.provider!.script({ text: Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ') })
    await w.input.fill('A long answer, please')
    await w.input.press('Enter')
    await expect.poll(() => suite.replyText(page), { timeout: 10_000 }).toMatch(/word79$/)
    await w.send.waitFor()
    await w.input.fill('unsent')
    const messages = w.host.locator('[part="messages"]')
    const fromEnd = () => messages.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)
    await expect.poll(fromEnd).toBeLessThan(2)
    await messages.evaluate((element) => (element.scrollTop = 0))
    await page.keyboard.press('Escape')
    await w.panel.waitFor({ state: 'hidden' })
    await w.launcher.click()
    await w.panel.waitFor()
    expect(await messages.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true)
    await expect.poll(fromEnd).toBeLessThan(2)
    expect(await w.input.inputValue()).toBe('unsent')
    expect(errors).toEqual([])
    await context.close()
  })

  it('takes a property assigned before the element was defined, unless an attribute set it', async () => {
    const url = `${suite.app.server.url}/chatbot/early-property`
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><chatbot-widget channel="support"></chatbot-widget>
          <script>Object.assign(document.querySelector('chatbot-widget'), { channel: 'early', position: 'inline' })</script>
          <script type="module" src="/chatbot/widget.js"></script>`,
      }),
    )
    await page.goto(url)
    const w = widget(page)
    await w.panel.waitFor()
    expect(await w.host.evaluate((host) => [(host as WidgetElement).channel, (host as WidgetElement).position, Object.hasOwn(host, 'position')])).toEqual(['support', 'inline', false])
    expect(errors).toEqual([])
    await context.close()
  })
})
