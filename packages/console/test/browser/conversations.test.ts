import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { findAccessibilityViolations, formatViolations, readSse, saveScreenshot } from '@chatbot-kit/test-utils'
import { availability, ADMIN_TOKEN, openConsole, POLL, signIn, useConsole } from './harness.js'
import { GAP_QUESTIONS, HISTORY } from './seed.js'

// Finding conversations, reading, exporting and deleting them; the feedback and approvals lists.
// Every page runs under the strict CSP the server sends: each test ends by asserting the browser
// reported no violation and no error (`close()`).

describe.skipIf(!availability.run)('the console’s conversations, feedback and approvals in Chromium', () => {
  const suite = useConsole()
  const consoleUrl = (path = '') => `${suite.server.origin}/chatbot/admin${path}`

  it('filters conversations, opens a transcript with its tool call and rating, and exports it', async () => {
    const { rated } = suite.server.seeded
    const tab = await openConsole(suite.browser, consoleUrl('/conversations'))
    const { page } = tab
    await signIn(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Conversations' }).isVisible(), POLL).toBe(true)
    const rows = page.locator('table.rows tbody tr')
    // The history, the three seeded turns, and the gap questions' conversations.
    const total = HISTORY.reduce((sum, entry) => sum + entry.count, 0) + 3 + GAP_QUESTIONS.length
    // Pages of 25, newest first, through the cursor.
    await expect.poll(() => rows.count(), POLL).toBe(25)
    const firstPage = await rows.allTextContents()
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect.poll(() => rows.count(), POLL).toBe(total - 25)
    expect(await rows.allTextContents()).not.toContain(firstPage[0])
    await page.getByRole('button', { name: 'Previous page' }).click()
    await expect.poll(() => rows.allTextContents(), POLL).toEqual(firstPage)

    await page.getByRole('combobox', { name: 'Channel' }).selectOption('support')
    await page.getByRole('button', { name: 'Apply' }).click()
    const support = HISTORY.filter((entry) => entry.channel === 'support').reduce((sum, entry) => sum + entry.count, 0) + 1 + GAP_QUESTIONS.filter((gap) => gap.channel === 'support').length
    await expect.poll(() => rows.count(), POLL).toBe(support)

    await page.getByRole('button', { name: 'Reset' }).click()
    await page.getByLabel('Has a thumbs down').check()
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => rows.count(), POLL).toBe(1)
    expect(await rows.first().textContent()).toContain('user ada')
    await saveScreenshot(page, 'console-conversations-filtered')

    await rows.first().getByRole('link').click()
    await expect.poll(() => page.getByRole('heading', { name: 'Transcript' }).isVisible(), POLL).toBe(true)
    // Focus follows the view change, to its heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Transcript')
    expect(new URL(page.url()).pathname).toBe(`/chatbot/admin/conversations/${rated.id}`)
    const timeline = page.getByRole('list', { name: /Messages, tool calls/ })
    await expect.poll(() => timeline.textContent(), POLL).toContain(rated.reply)
    const text = await timeline.textContent()
    expect(text).toContain(rated.question)
    expect(text).toContain('order_status')
    expect(text).toContain('{"order":"A1"}')
    expect(text).toContain(`Rated down: “${rated.comment}”`)
    await saveScreenshot(page, 'console-transcript', { fullPage: true })

    for (const [button, extension] of [['Export Markdown', 'md'], ['Export JSON', 'json']] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${extension}$`))
      const content = readFileSync((await download.path())!, 'utf8')
      expect(content).toContain(rated.question)
      expect(content).toContain(rated.reply)
      if (extension === 'json') expect(() => JSON.parse(content)).not.toThrow()
    }

    // Back to the list: its filters, and so its rows, as they were left.
    await page.goBack()
    await expect.poll(() => rows.count(), POLL).toBe(1)
    expect(await page.getByLabel('Has a thumbs down').isChecked()).toBe(true)
    await page.goForward()
    await expect.poll(() => timeline.textContent(), POLL).toContain(rated.reply)

    // A reload keeps the session (sessionStorage) and lands on the same transcript.
    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: 'Transcript' }).isVisible(), POLL).toBe(true)
    await tab.close()
  })

  it('deletes a conversation after a confirmation', async () => {
    const { liked } = suite.server.seeded
    const tab = await openConsole(suite.browser, consoleUrl(`/conversations/${liked.id}`))
    const { page } = tab
    await signIn(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Transcript' }).isVisible(), POLL).toBe(true)
    // The question's file is listed under it (attachments plugin).
    const files = page.getByRole('list', { name: 'Attachments' })
    await expect.poll(() => files.getByRole('listitem').allInnerTexts(), POLL).toEqual([expect.stringContaining(liked.attachment)])
    await saveScreenshot(page, 'console-transcript-attachment', { fullPage: true })
    await page.getByRole('button', { name: 'Delete…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' })
    await dialog.waitFor()
    // Cancel first: nothing happens.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await dialog.isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Delete…' }).click()
    await saveScreenshot(page, 'console-delete-confirm')
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Conversations' }).isVisible(), POLL).toBe(true)
    await expect.poll(() => page.getByText('Conversation deleted.').isVisible(), POLL).toBe(true)
    const gone = await fetch(`${suite.server.origin}/chatbot/admin/trpc/conversations.get?input=${encodeURIComponent(JSON.stringify({ id: liked.id }))}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    expect(gone.status).toBe(404)
    await tab.close()
  })

  it('lists down-rated replies with their question, and the approvals audit with a filter', async () => {
    const { rated } = suite.server.seeded
    const tab = await openConsole(suite.browser, consoleUrl('/feedback'))
    const { page } = tab
    await signIn(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Feedback' }).isVisible(), POLL).toBe(true)
    const items = page.locator('ol.list > li')
    await expect.poll(() => items.count(), POLL).toBe(1)
    const item = await items.first().textContent()
    expect(item).toContain(rated.question)
    expect(item).toContain(rated.reply)
    expect(item).toContain(rated.comment)
    await saveScreenshot(page, 'console-feedback')

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Approvals' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Approvals' }).isVisible(), POLL).toBe(true)
    const rows = page.locator('table.rows tbody tr')
    await expect.poll(() => rows.count(), POLL).toBe(1)
    expect(await rows.first().textContent()).toContain('Approved')
    expect(await rows.first().textContent()).toContain('user grace')
    await page.getByLabel('Decision').selectOption('deny')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => page.locator('p.status').textContent(), POLL).toContain('No approvals match.')
    await page.getByLabel('Decision').selectOption('approve')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => rows.count(), POLL).toBe(1)
    await saveScreenshot(page, 'console-approvals')

    // Its transcript shows the approval inline, with the reply that paused for it.
    await rows.first().getByRole('link', { name: 'Transcript' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Transcript' }).isVisible(), POLL).toBe(true)
    expect(new URL(page.url()).pathname).toBe(`/chatbot/admin/conversations/${suite.server.seeded.approved.id}`)
    const approval = page.getByRole('region', { name: /^Approval requested/ })
    await approval.waitFor()
    expect(await approval.textContent()).toMatch(/refund.*\{"order":"C3"\}.*approved.*by user grace: “Yes please\.”/s)
    await saveScreenshot(page, 'console-transcript-approval', { fullPage: true })
    await tab.close()
  })

  // Last: its conversation would change the counts the tests above expect.
  it('shows a reply’s Markdown as the widget does, its markup inert; the user’s text as typed', async () => {
    const envelope = suite.server.chatbot.mintEnvelope({ route: 'shop.page', channel: 'default', userId: 'markdown-reader' })
    suite.server.provider.script({ text: 'It ships **on Friday**:\n\n- `A1` [track it](https://shop.example/track)\n- [not a link](javascript:alert(1))\n\n<img src=x onerror="document.title=1">' })
    const response = await fetch(`${suite.server.origin}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: envelope, message: 'When does **A1** ship?' }) })
    expect(response.status).toBe(200)
    await readSse(response)
    const id = response.headers.get('x-chatbot-conversation-id')!

    const tab = await openConsole(suite.browser, consoleUrl(`/conversations/${id}`))
    const { page } = tab
    await signIn(page)
    const reply = page.getByRole('article', { name: /^Assistant/ }).locator('.content')
    await expect.poll(() => reply.locator('strong').textContent(), POLL).toBe('on Friday')
    expect(await reply.locator('li code').textContent()).toBe('A1')
    expect(await reply.getByRole('link', { name: 'track it' }).getAttribute('href')).toBe('https://shop.example/track')
    expect(await reply.getByRole('link').count()).toBe(1)
    expect(await reply.locator('img').count()).toBe(0)
    expect(await reply.textContent()).toContain('<img src=x onerror="document.title=1">')
    expect(await page.getByRole('article', { name: /^User/ }).locator('.content').textContent()).toBe('When does **A1** ship?')
    expect(formatViolations(await findAccessibilityViolations(page))).toBe('')
    await saveScreenshot(page, 'console-transcript-markdown', { fullPage: true })
    await tab.close()
  })
})
