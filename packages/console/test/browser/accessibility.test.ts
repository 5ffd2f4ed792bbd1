import { describe, expect, it } from 'vitest'
import { findAccessibilityViolations, formatViolations, saveScreenshot } from '@chatbot-kit/test-utils'
import type { Page } from 'playwright-core'
import { adminApi, answerAs, inboxItem, requestPerson } from './handoff.js'
import { availability, openConsole, POLL, signIn, useConsole } from './harness.js'

// axe-core (WCAG 2.2 A and AA, and best practices) on every view of the console, in the light and
// the dark scheme (the system's, through `prefers-color-scheme`) and at a phone's 390 px, with
// every chart's table open: any violation fails, with axe's summary of what to fix. Each page
// also ends with no CSP violation and no console error (`close()`).

type Mode = { name: string; colorScheme: 'light' | 'dark'; width: number; height: number }
const MODES: Mode[] = [
  { name: 'light', colorScheme: 'light', width: 1280, height: 900 },
  { name: 'dark', colorScheme: 'dark', width: 1280, height: 900 },
  { name: '390', colorScheme: 'light', width: 390, height: 844 },
]

const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible(), POLL).toBe(true)

describe.skipIf(!availability.run)('the console’s accessibility in Chromium', () => {
  const suite = useConsole()
  const consoleUrl = (path = '') => `${suite.server.origin}/chatbot/admin${path}`

  /** Each view: its path, and how to wait until it shows its data. */
  const VIEWS: { name: string; path: () => string; ready(page: Page): Promise<void> }[] = [
    {
      name: 'overview',
      path: () => '',
      async ready(page) {
        await heading(page, 'Overview')
        await page.locator('[data-chart="activity"] canvas').waitFor()
        // The tables behind "Show as a table" are checked too; each scrolls in a box that takes a tab stop.
        for (const summary of await page.getByText('Show as a table').all()) await summary.click()
        await expect.poll(() => page.getByRole('region', { name: 'Conversations and messages per day, table' }).getAttribute('tabindex'), POLL).toBe('0')
      },
    },
    {
      name: 'conversations',
      path: () => '/conversations',
      async ready(page) {
        await heading(page, 'Conversations')
        await page.locator('table.rows tbody tr').first().waitFor()
      },
    },
    {
      name: 'transcript',
      path: () => `/conversations/${suite.server.seeded.rated.id}`,
      async ready(page) {
        await heading(page, 'Transcript')
        await expect.poll(() => page.getByRole('list', { name: /Messages, tool calls/ }).textContent(), POLL).toContain(suite.server.seeded.rated.reply)
        // The tool's long result scrolls in its box: a tab stop, so the keyboard can scroll it.
        await expect.poll(() => page.getByRole('region', { name: 'Result of order_status' }).getAttribute('tabindex'), POLL).toBe('0')
      },
    },
    {
      name: 'transcript-approval',
      path: () => `/conversations/${suite.server.seeded.approved.id}`,
      async ready(page) {
        await heading(page, 'Transcript')
        await page.getByRole('region', { name: /^Approval requested/ }).waitFor()
      },
    },
    {
      name: 'feedback',
      path: () => '/feedback',
      async ready(page) {
        await heading(page, 'Feedback')
        await page.locator('ol.list > li').first().waitFor()
      },
    },
    {
      name: 'approvals',
      path: () => '/approvals',
      async ready(page) {
        await heading(page, 'Approvals')
        await page.locator('table.rows tbody tr').first().waitFor()
      },
    },
    {
      name: 'knowledge',
      path: () => '/knowledge',
      async ready(page) {
        await heading(page, 'Knowledge')
        // Failures and documents open, and a search's results (offered and under minScore) shown.
        const help = page.getByRole('region', { name: 'help' })
        await help.getByText(/^Documents the last sync could not read/).click()
        await help.getByText('Indexed documents').click()
        await help.locator('table.rows tbody tr').first().waitFor()
        const search = page.getByRole('region', { name: 'Search as a turn would' })
        await search.getByLabel('Question').fill('When does the store open on holidays?')
        await search.getByRole('button', { name: 'Search' }).click()
        await search.getByRole('list', { name: 'Under minScore, not offered' }).waitFor()
      },
    },
    {
      name: 'gaps',
      path: () => '/gaps',
      async ready(page) {
        await heading(page, 'Gaps')
        await page.locator('table.rows tbody tr').first().waitFor()
      },
    },
    {
      name: 'inbox',
      path: () => '/inbox',
      async ready(page) {
        await heading(page, 'Inbox')
        // A conversation Ada holds and answered, open beside the list with its reply box.
        const { id } = await requestPerson(suite.server, 'sam', 'I would like to talk to someone.')
        await adminApi(suite.server).handoff.claim.mutate({ conversationId: id, agent: 'Ada' })
        await adminApi(suite.server).handoff.reply.mutate({ conversationId: id, agent: 'Ada', text: 'Hello, Ada here.' })
        await answerAs(page, 'Ada')
        await inboxItem(page, id).click()
        await page.getByLabel('Reply to the user').waitFor()
        await page.getByRole('article', { name: /^Ada \(agent\)/ }).waitFor()
      },
    },
  ]

  it('reaches a chart’s table by Tab and scrolls it with the keyboard', async () => {
    const tab = await openConsole(suite.browser, consoleUrl())
    const { page } = tab
    await signIn(page)
    await heading(page, 'Overview')
    const chart = page.locator('[data-chart="activity"]')
    await chart.getByText('Show as a table').click()
    const box = chart.getByRole('region', { name: 'Conversations and messages per day, table' })
    await expect.poll(() => box.getAttribute('tabindex'), POLL).toBe('0')
    // From its "Show as a table" summary, the next tab stop is the box itself.
    await chart.locator('summary').focus()
    await page.keyboard.press('Tab')
    expect(await box.evaluate((element) => element === document.activeElement && element.matches(':focus-visible'))).toBe(true)
    await page.keyboard.press('End')
    await expect.poll(() => box.evaluate((element) => element.scrollTop), POLL).toBeGreaterThan(0)
    await saveScreenshot(page, 'console-a11y-table-focused')
    await tab.close()
  })

  for (const mode of MODES) {
    it(`has no violation on the sign-in form (${mode.name})`, async () => {
      const tab = await openConsole(suite.browser, consoleUrl(), mode)
      const { page } = tab
      await heading(page, 'Sign in to the console')
      expect(formatViolations(await findAccessibilityViolations(page))).toBe('')
      // And with the error a wrong token shows.
      await signIn(page, 'not-the-token')
      await expect.poll(() => page.getByRole('alert').textContent(), POLL).toContain('refused the admin token')
      expect(formatViolations(await findAccessibilityViolations(page))).toBe('')
      await saveScreenshot(page, `console-a11y-sign-in-${mode.name}`, { fullPage: true })
      await tab.close()
    })

    // Nine pages, each signed in, loaded and checked: more than the default 30 s on a loaded machine.
    it(`has no violation on any view once signed in (${mode.name})`, { timeout: 180_000 }, async () => {
      const found: string[] = []
      for (const view of VIEWS) {
        const tab = await openConsole(suite.browser, consoleUrl(view.path()), mode)
        const { page } = tab
        await signIn(page)
        await view.ready(page)
        const report = formatViolations(await findAccessibilityViolations(page))
        if (report) found.push(`${view.name}:\n${report}`)
        await saveScreenshot(page, `console-a11y-${view.name}-${mode.name}`, { fullPage: true })
        await tab.close()
      }
      expect(found.join('\n\n')).toBe('')
    })
  }
})
