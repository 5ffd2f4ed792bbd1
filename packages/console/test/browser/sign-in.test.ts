import { describe, expect, it } from 'vitest'
import { saveScreenshot } from '@chatbot-kit/test-utils'
import { availability, openConsole, POLL, signIn, useConsole } from './harness.js'

// Signing in to the console, with the admin token or the host’s own session, and out.
// Every page runs under the strict CSP the server sends: each test ends by asserting the browser
// reported no violation and no error (`close()`).

describe.skipIf(!availability.run)('the console’s sign-in in Chromium', () => {
  const suite = useConsole()
  const consoleUrl = (path = '') => `${suite.server.origin}/chatbot/admin${path}`

  it('refuses a wrong token with a clear error and shows no data, with no failed request on the way', async () => {
    const tab = await openConsole(suite.browser, consoleUrl())
    const { page } = tab
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to the console' }).isVisible(), POLL).toBe(true)
    await signIn(page, 'not-the-token')
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toContain('refused the admin token')
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0)
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.getItem('chatbot-kit:admin-token')])).toEqual([0, null])
    // The page asked `session` twice (on load, without a token; then with the wrong one) and
    // nothing else; both answered 200, so the browser logged no error (close() asserts it).
    expect(tab.apiCalls).toEqual([
      { path: '/chatbot/admin/trpc/session', status: 200 },
      { path: '/chatbot/admin/trpc/session', status: 200 },
    ])
    await saveScreenshot(page, 'console-sign-in-wrong-token')
    await tab.close()
  })

  it('follows the dark scheme, has a skip link, and signs out: the token is forgotten', async () => {
    const tab = await openConsole(suite.browser, consoleUrl(), { colorScheme: 'dark' })
    const { page } = tab
    await signIn(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Overview' }).isVisible(), POLL).toBe(true)
    // The system's dark scheme, with no choice made.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    // By keyboard: the first Tab reaches the skip link, which moves focus to the content.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to the console' }).isVisible(), POLL).toBe(true)
    expect(await page.evaluate(() => sessionStorage.getItem('chatbot-kit:admin-token'))).toBeNull()
    await saveScreenshot(page, 'console-sign-in-dark')
    await tab.close()
  })

  it('opens without a token when the host’s authorize lets the page’s requests through', async () => {
    suite.server.chatbot.authorize((event) => /(?:^|;\s*)host_session=admin(?:;|$)/.test(event.req.headers.get('cookie') ?? ''))
    const tab = await openConsole(suite.browser, consoleUrl('/approvals'), { cookies: { host_session: 'admin' } })
    const { page } = tab
    await expect.poll(() => page.getByRole('heading', { name: 'Approvals' }).isVisible(), POLL).toBe(true)
    await page.locator('table.rows tbody tr').first().waitFor()
    // Nothing to sign out of: the host's session is the credential.
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0)
    expect(tab.apiCalls.length).toBeGreaterThan(0)
    expect(tab.apiCalls.every((call) => call.status === 200)).toBe(true)
    await tab.close()
  })
})
