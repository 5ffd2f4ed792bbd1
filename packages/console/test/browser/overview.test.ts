import { describe, expect, it } from 'vitest'
import { saveScreenshot } from '@chatbot-kit/test-utils'
import { availability, ADMIN_TOKEN, openConsole, POLL, signIn, useConsole } from './harness.js'
import { daysAgo, HISTORY, HISTORY_USAGE } from './seed.js'

// The overview’s charts over the seeded history, their table alternatives, the channel picker,
// both themes and a phone’s width.
// Every page runs under the strict CSP the server sends: each test ends by asserting the browser
// reported no violation and no error (`close()`).

describe.skipIf(!availability.run)('the console’s overview in Chromium', () => {
  const suite = useConsole()
  const consoleUrl = (path = '') => `${suite.server.origin}/chatbot/admin${path}`

  it('signs in, keeps the token for the browser session only, and draws the overview', async () => {
    const tab = await openConsole(suite.browser, consoleUrl())
    const { page } = tab
    // The script and the stylesheet came as the build's brotli copies (Chromium accepts br).
    expect(tab.assets.map((asset) => asset.encoding).sort()).toEqual(['br', 'br'])
    await signIn(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Overview' }).isVisible(), POLL).toBe(true)
    expect(await page.evaluate(() => [sessionStorage.getItem('chatbot-kit:admin-token'), localStorage.getItem('chatbot-kit:admin-token')])).toEqual([ADMIN_TOKEN, null])

    // A uPlot canvas with pixels drawn on it.
    const activity = page.locator('[data-chart="activity"]')
    await activity.locator('canvas').waitFor()
    const painted = await activity.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
      let count = 0
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++
      return count
    })
    expect(painted).toBeGreaterThan(500)

    // The table alternative has the seeded numbers: five days ago, 4 conversations of 2 messages.
    const fiveDaysAgo = HISTORY.filter((entry) => entry.daysAgo === 5).reduce((sum, entry) => sum + entry.count, 0)
    await activity.getByText('Show as a table').click()
    const row = activity.getByRole('row', { name: new RegExp(`^${daysAgo(5)}\\b`) })
    expect((await row.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([String(fiveDaysAgo), String(fiveDaysAgo * 2)])
    const tokens = page.locator('[data-chart="tokens"]')
    await tokens.getByText('Show as a table').click()
    const tokenRow = tokens.getByRole('row', { name: new RegExp(`^${daysAgo(5)}\\b`) })
    // Columns: input per channel (default, support), then output per channel.
    expect((await tokenRow.getByRole('cell').allTextContents()).map((text) => Number(text.replace(/,/g, '')))).toEqual([3 * HISTORY_USAGE.inputTokens, HISTORY_USAGE.inputTokens, 3 * HISTORY_USAGE.outputTokens, HISTORY_USAGE.outputTokens])
    await activity.getByText('Show as a table').click()
    await tokens.getByText('Show as a table').click()
    await expect.poll(() => page.locator('[data-chart="refusals"]').getByRole('img').getAttribute('aria-label'), POLL).toMatch(/Invalid envelope: 3\b/)
    await saveScreenshot(page, 'console-overview-light', { fullPage: true })

    // The channel picker narrows every chart to one channel.
    await page.getByRole('combobox', { name: 'Channel' }).selectOption('support')
    await expect.poll(() => page.locator('p.status').textContent(), POLL).toContain('channel support')
    await activity.getByText('Show as a table').click()
    expect((await activity.getByRole('row', { name: new RegExp(`^${daysAgo(5)}\\b`) }).getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual(['1', '2'])

    // A custom range: every day of it on the x axis, and nothing else.
    await page.getByRole('combobox', { name: 'Range' }).selectOption('custom')
    await page.getByLabel('First day (UTC)').fill(daysAgo(6))
    await page.getByLabel('Last day (UTC)').fill(daysAgo(4))
    await expect.poll(() => page.locator('p.status').textContent(), POLL).toContain(`${daysAgo(6)} to ${daysAgo(4)}, UTC`)
    expect(await activity.locator('details tbody tr').count()).toBe(3)
    await page.getByRole('combobox', { name: 'Range' }).selectOption('30')

    // Dark: the toggle, remembered; the charts draw again in the dark palette.
    await page.getByRole('combobox', { name: 'Channel' }).selectOption('')
    await page.getByRole('button', { name: 'Use the dark theme' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await activity.locator('canvas').waitFor()
    await saveScreenshot(page, 'console-overview-dark', { fullPage: true })
    await tab.close()
  })

  it('works at 390 px wide: one column, the views behind a menu', async () => {
    const tab = await openConsole(suite.browser, consoleUrl(), { width: 390, height: 844 })
    const { page } = tab
    await signIn(page)
    await page.locator('[data-chart="activity"] canvas').waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBe(0)
    await saveScreenshot(page, 'console-overview-390')
    const menu = page.getByRole('button', { name: 'Menu' })
    expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).toBe(false)
    await menu.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('link', { name: 'Conversations' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Conversations' }).isVisible(), POLL).toBe(true)
    await page.locator('table.rows tbody tr').first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    await saveScreenshot(page, 'console-conversations-390', { fullPage: true })
    await tab.close()
  })
})
