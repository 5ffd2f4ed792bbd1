import type { BrowserEngine, EnginePage, OpenOptions } from '@chatbot-kit/test-utils'
import { useServerAndBrowser } from './harness.js'

// The widget's test page in Chromium or Firefox ESR, driven the same way (`EnginePage`), for
// what may differ between engines: focus, right-to-left layout, live regions, page styles.
// Everything below runs in the page through `evaluate`, so each function stands alone.

/** One server (the demo provider behind it) and one browser of `engine` for a suite. */
export function useEngineTestPage(engine: BrowserEngine) {
  const suite = useServerAndBrowser(() => engine.launch())
  return {
    get app() {
      return suite.app
    },
    /** The test page with `query` (see the harness's page), once the widget is mounted. */
    async open(query = '', options?: OpenOptions): Promise<EnginePage> {
      const page = await suite.browser.open(`${suite.app.server.url}/chatbot/test-page${query}`, options)
      await waitForWidget(page)
      return page
    },
  }
}

/**
 * Records each `securitypolicyviolation` of the page from now on (as `directive: blocked URI`),
 * and gives a reader of them: a suite under the strict CSP expects none.
 */
export async function recordCspViolations(page: EnginePage): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { violations: string[] }).violations = [])
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI || 'inline'}`))
  }, null)
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations, null)
}

/** Waits until the element is defined and its panel mounted (after a load or a reload). */
export const waitForWidget = (page: EnginePage) =>
  page.evaluate(async () => {
    await customElements.whenDefined('chatbot-widget')
    while (!document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('.root')) await new Promise(requestAnimationFrame)
  }, null)

/** Clicks the element that `selector` matches in the widget's shadow root (the first one). */
export const click = (page: EnginePage, selector: string) =>
  page.evaluate((target) => {
    const element = document.querySelector('chatbot-widget')!.shadowRoot!.querySelector<HTMLElement>(target)
    if (!element) throw new Error(`nothing matches ${target} in the widget`)
    element.click()
  }, selector)

/** Focuses the element that `selector` matches in the widget's shadow root, as Tab would. */
export const focus = (page: EnginePage, selector: string) =>
  page.evaluate((target) => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector<HTMLElement>(target)!.focus({ focusVisible: true } as FocusOptions), selector)

/** Whether something in the widget matches `selector` and is shown. */
export const isShown = (page: EnginePage, selector: string) =>
  page.evaluate((target) => document.querySelector('chatbot-widget')!.shadowRoot!.querySelector(target)?.checkVisibility() ?? false, selector)

/**
 * Where focus is: inside the widget, the focused element's part, else its label or text; on
 * the page, `page:` and the element's text (or tag).
 */
export const focusedAt = (page: EnginePage) =>
  page.evaluate(() => {
    const host = document.querySelector('chatbot-widget')!
    const inside = document.activeElement === host ? host.shadowRoot!.activeElement : null
    if (inside) return inside.getAttribute('part') ?? inside.getAttribute('aria-label') ?? inside.textContent
    const outside = document.activeElement
    return `page:${outside?.textContent?.trim() || outside?.tagName.toLowerCase()}`
  }, null)

/** Types `text` into the message input and sends it with Enter. */
export async function sendMessage(page: EnginePage, text: string) {
  await focus(page, '[part="input"]')
  await page.type(text)
  await page.press('Enter')
}

/** The last assistant message's text as shown (its Markdown rendered). */
export const lastReply = (page: EnginePage) =>
  page.evaluate(() => [...document.querySelector('chatbot-widget')!.shadowRoot!.querySelectorAll<HTMLElement>('.message.assistant .markdown')].at(-1)?.innerText ?? '', null)

/** Whether the chat is idle: Send shown and enabled (a reply streaming shows Stop instead). */
export const isIdle = (page: EnginePage) =>
  page.evaluate(() => {
    const send = document.querySelector('chatbot-widget')!.shadowRoot!.querySelector<HTMLButtonElement>('[part="send-button"]')!
    return send.checkVisibility() && !send.disabled
  }, null)
