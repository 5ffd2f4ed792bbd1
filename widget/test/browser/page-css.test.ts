import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BROWSER_ENGINES, type EnginePage } from '@chatbot-kit/test-utils'
import { availability, openPage, useTestPage, widget } from './harness.js'
import { click, isShown, lastReply, sendMessage, useEngineTestPage } from './engine-harness.js'

// What the host page's CSS can and cannot do to the widget (docs/widget.md, "What page CSS can
// reach"): a universal reset and hostile inherited text styles stop at the shadow root, and the
// inline widget's box, reserved by the page's stylesheet, does not move anything when the script
// arrives late.

/** What the widget looks like to a reader: the launcher's box, and the text styles inside. */
const looks = (page: EnginePage) =>
  page.evaluate(() => {
    const root = document.querySelector('chatbot-widget')!.shadowRoot!
    const launcher = root.querySelector('[part="launcher"]')!.getBoundingClientRect()
    const text = root.querySelector<HTMLElement>('.message.assistant:last-child .markdown p')
    const style = text && getComputedStyle(text)
    return {
      // The visual viewport leaves out scroll bars, which the page's wide text may bring.
      launcher: { width: launcher.width, height: launcher.height, right: visualViewport!.width - launcher.right, bottom: visualViewport!.height - launcher.bottom },
      text: style && { size: style.fontSize, letterSpacing: style.letterSpacing, transform: style.textTransform, whiteSpace: style.whiteSpace, align: style.textAlign, shadow: style.textShadow },
    }
  }, null)

for (const engine of BROWSER_ENGINES) {
  describe.skipIf(!availability.run)(`<chatbot-widget> under a page's universal reset, in ${engine.name}`, () => {
    const suite = useEngineTestPage(engine)

    it('keeps its own layout and text styles: launcher in its corner, the panel opens, replies readable', async () => {
      const page = await suite.open('?sheet=hostile')
      // The page's reset is in force around the widget.
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontSize, null)).toBe('30px')
      expect((await looks(page)).launcher).toEqual({ width: 56, height: 56, right: 20, bottom: 20 })
      await click(page, '[part="launcher"]')
      await expect.poll(() => isShown(page, '[part="input"]')).toBe(true)
      suite.app.provider!.script({ text: 'Your anvil ships today.' })
      await sendMessage(page, 'When does it ship?')
      await expect.poll(() => lastReply(page)).toBe('Your anvil ships today.')
      expect((await looks(page)).text).toEqual({ size: '15px', letterSpacing: 'normal', transform: 'none', whiteSpace: 'normal', align: 'start', shadow: 'none' })
      await page.screenshot(`page-css-hostile-${engine.name.split(' ')[0]!.toLowerCase()}`)
      expect(page.errors).toEqual([])
      await page.close()
    })
  })
}

describe.skipIf(!availability.run)('<chatbot-widget position="inline"> loading late, in Chromium', () => {
  const suite = useTestPage()

  /**
   * Loads the page with the widget's script held back until the page has painted, then lets it
   * run; returns the page's cumulative layout shift (Chromium's layout-shift entries) once the
   * panel shows.
   */
  async function shiftWhileLoading(query: string): Promise<{ page: Page; shift: number; close(): Promise<unknown> }> {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const { page, context } = await openPage(suite.browser, `${suite.pageUrl()}${query}`, undefined, async (page) => {
      await page.route('**/chatbot/widget.js', async (route) => {
        await held
        await route.continue()
      })
    }, 'commit')
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0)
    release()
    await widget(page).panel.waitFor()
    // Two frames after the panel shows: any shift it caused is recorded by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const shift = await page.evaluate(() => {
      // A buffered observer holds every entry so far: `takeRecords` hands them over at once.
      const observer = new PerformanceObserver(() => {})
      observer.observe({ type: 'layout-shift', buffered: true })
      const entries = observer.takeRecords() as unknown as { value: number }[]
      observer.disconnect()
      return entries.reduce((sum, entry) => sum + entry.value, 0)
    })
    return { page, shift, close: () => context.close() }
  }

  it('moves nothing when the page reserves its box with the documented rule, under the strict policy', async () => {
    const reserved = await shiftWhileLoading('?position=inline&sheet=reserve&csp=strict')
    // Nothing moved at all (the same page with 1.1's widget scored 0.0087: its reset changed the element's font size, so 32em shrank).
    expect(reserved.shift).toBe(0)
    // The reserved box is the panel's: 32em of the page's 18px text.
    expect(await widget(reserved.page).panel.evaluate((panel) => panel.getBoundingClientRect().height)).toBe(576)
    await reserved.close()

    // The measure sees a shift: without the rule the text below the widget moves down.
    const bare = await shiftWhileLoading('?position=inline&csp=strict')
    expect(bare.shift).toBeGreaterThan(0.01)
    await bare.close()
  })
})
