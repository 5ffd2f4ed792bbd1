import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { availability, openPage, POLICIES, useTestPage, widget } from './harness.js'

// The widget on a page served with a strict policy (docs/security.md): `default-src 'self';
// script-src 'self'; style-src 'self'`, no unsafe-inline, no unsafe-eval; and with one that
// allows nothing but the widget's script and requests. Whatever the browser refuses under them is reported as a `securitypolicyviolation` event (composed,
// so one from inside a shadow root reaches the document too) and as a console error.

/** Starts recording, before any page script runs, what the browser reports against the page's policy. */
async function watchPolicy(page: Page) {
  const consoleErrors: string[] = []
  page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())))
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { violations: string[] }).violations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`))
  })
  return {
    consoleErrors,
    violations: () => page.evaluate(() => (window as unknown as { violations: string[] }).violations),
  }
}

describe.skipIf(!availability.run)('<chatbot-widget> under a strict Content-Security-Policy, in Chromium', () => {
  const suite = useTestPage()

  /** Opens the page under one of `POLICIES` with the watch on; checks the policy is really in force. */
  async function openStrict(name: keyof typeof POLICIES = 'strict') {
    let policy!: Awaited<ReturnType<typeof watchPolicy>>
    const opened = await openPage(suite.browser, `${suite.pageUrl()}?csp=${name}`, undefined, async (page) => {
      policy = await watchPolicy(page)
      // Chromium asks for a favicon the test server does not have: its 404 is no concern of the policy.
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
    })
    expect(opened.response!.headers()['content-security-policy']).toBe(POLICIES[name])
    return { ...opened, policy }
  }

  it.each(Object.keys(POLICIES) as (keyof typeof POLICIES)[])('under the %s policy: opens, is styled, streams a reply, takes a rating and downloads the conversation, with no violation reported', async (name) => {
    const { context, page, errors, policy } = await openStrict(name)
    const w = widget(page)
    await w.launcher.click()
    await w.panel.waitFor()
    expect(await policy.violations()).toEqual([])
    // The adopted stylesheet applies: the launcher has the accent colour, the panel its box.
    expect(await w.launcher.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(37, 99, 235)')
    expect(await w.panel.evaluate((element) => getComputedStyle(element).position)).toBe('fixed')

    suite.app.provider!.script({ text: 'Your anvil left the warehouse this morning.', tokenDelayMs: 40 })
    await w.input.fill('Where is my anvil?')
    await w.input.press('Enter')
    await expect.poll(() => suite.replyText(page), { timeout: 10_000 }).toBe('Your anvil left the warehouse this morning.')
    await w.send.waitFor()

    const reply = w.assistant.last()
    await reply.getByRole('button', { name: 'Bad reply' }).click()
    await reply.locator('[part="feedback-comment"] textarea').fill('Which warehouse?')
    await reply.getByRole('button', { name: 'Send', exact: true }).click()
    await reply.locator('[part="feedback-comment"]').waitFor({ state: 'detached' })

    await w.host.locator('[part="menu-button"]').click()
    const [download] = await Promise.all([page.waitForEvent('download'), w.host.getByRole('button', { name: 'Download conversation' }).click()])
    expect(download.suggestedFilename()).toMatch(/\.md$/)

    // Close and open again: the phone-sized panel's viewport variables go through the CSSOM.
    await page.setViewportSize({ width: 390, height: 844 })
    await w.host.locator('[part="close-button"]').click()
    await w.launcher.click()
    await w.panel.waitFor()

    expect(await policy.violations()).toEqual([])
    expect(policy.consoleErrors).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('does report a style element put in a shadow root (what Svelte’s injected CSS did), so the check above can fail', async () => {
    const { context, page, policy } = await openStrict()
    await page.evaluate(() => {
      const host = document.body.appendChild(document.createElement('div'))
      const style = document.createElement('style')
      style.textContent = 'p { color: red }'
      host.attachShadow({ mode: 'open' }).append(style)
    })
    await expect.poll(() => policy.violations()).toEqual(['style-src-elem inline'])
    expect(policy.consoleErrors.join('\n')).toMatch(/inline style violates the following Content Security Policy directive 'style-src 'self''/)
    await context.close()
  })
})
