import { describe, expect, it } from 'vitest'
import { findAccessibilityViolations, formatViolations, saveScreenshot } from '@chatbot-kit/test-utils'
import { availability, openConsole, POLL, signIn, startConsoleServerWithoutPlugins, useConsole } from './harness.js'
import { HISTORY } from './seed.js'

// A host that left out the feedback, tools and knowledge plugins: the server has no `feedback.*`,
// `approvals.*` or `knowledge.*`, and the console shows neither their views nor their filter, charts, figures or
// transcript entries, without an error (each test's `close()` asserts the browser logged none).

describe.skipIf(!availability.run)('the console of a server without the feedback, tools, knowledge and handoff plugins, in Chromium', () => {
  const suite = useConsole(startConsoleServerWithoutPlugins)
  const consoleUrl = (path = '') => `${suite.server.origin}/chatbot/admin${path}`

  it('shows only what the server has: no Feedback, Approvals, Knowledge, Gaps or Inbox view, no feedback filter, no feedback or gaps chart or figures', async () => {
    const tab = await openConsole(suite.browser, consoleUrl())
    const { page } = tab
    await signIn(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Overview' }).isVisible(), POLL).toBe(true)
    const nav = page.getByRole('navigation', { name: 'Console' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Overview', 'Conversations'])
    await page.locator('[data-chart="activity"] canvas').waitFor()
    expect(await page.locator('[data-chart]').evaluateAll((charts) => charts.map((chart) => chart.getAttribute('data-chart')))).toEqual(['activity', 'tokens', 'refusals'])
    expect(await page.getByLabel('Totals of the range').textContent()).not.toMatch(/Thumbs|Gaps/)
    expect(formatViolations(await findAccessibilityViolations(page))).toBe('')
    await saveScreenshot(page, 'console-without-plugins-overview', { fullPage: true })

    await nav.getByRole('link', { name: 'Conversations' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Conversations' }).isVisible(), POLL).toBe(true)
    const rows = page.locator('table.rows tbody tr')
    await expect.poll(() => rows.count(), POLL).toBe(Math.min(25, HISTORY.reduce((sum, entry) => sum + entry.count, 0)))
    expect(await page.getByLabel('Has a thumbs down').count()).toBe(0)
    await saveScreenshot(page, 'console-without-plugins-conversations')

    // A transcript: its messages, and no tool calls or ratings to show.
    await rows.first().getByRole('link').click()
    await expect.poll(() => page.getByRole('heading', { name: 'Transcript' }).isVisible(), POLL).toBe(true)
    const timeline = page.getByRole('list', { name: /Messages, tool calls/ })
    await expect.poll(() => timeline.locator('article').count(), POLL).toBe(2)
    expect(await timeline.textContent()).not.toMatch(/Tool call|Approval|Rated/)
    await saveScreenshot(page, 'console-without-plugins-transcript', { fullPage: true })
    await tab.close()
  })

  it('answers the address of a view the server does not have with "Not found"', async () => {
    for (const path of ['/feedback', '/approvals', '/knowledge', '/gaps', '/inbox']) {
      const tab = await openConsole(suite.browser, consoleUrl(path))
      const { page } = tab
      await signIn(page)
      await expect.poll(() => page.getByRole('heading', { name: 'Not found' }).isVisible(), POLL).toBe(true)
      expect(await page.title()).toMatch(/^Not found/)
      await tab.close()
    }
  })
})
