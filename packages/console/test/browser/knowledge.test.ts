import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { saveScreenshot } from '@chatbot-kit/test-utils'
import type { Page } from 'playwright-core'
import { availability, openConsole, POLL, signIn, useConsole } from './harness.js'
import { GAP_QUESTIONS, today } from './seed.js'

// The Knowledge and Gaps views over a server whose sources were synced from Markdown folders and
// whose gaps come from real turns (seed.ts): the sources' state, a sync from the console, a search
// as a turn would do it, the grouped gaps linked to their transcripts, the overview's gaps chart.
// Each page ends with no CSP violation, console error or refused call (`close()`).

const heading = (page: Page, name: string) => expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible(), POLL).toBe(true)

describe.skipIf(!availability.run)('the console’s Knowledge and Gaps views in Chromium', () => {
  const suite = useConsole()
  const consoleUrl = (path = '') => `${suite.server.origin}/chatbot/admin${path}`

  it('shows each source’s state, its failures and documents, and syncs one source or all', async () => {
    const tab = await openConsole(suite.browser, consoleUrl())
    const { page } = tab
    await signIn(page)
    await heading(page, 'Overview')
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Knowledge' }).click()
    await heading(page, 'Knowledge')
    // Focus lands on the view's heading, as after any navigation.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), POLL).toBe('Knowledge')
    expect(await page.title()).toMatch(/^Knowledge/)

    const help = page.getByRole('region', { name: 'help' })
    const figures = async (source: string) => Object.fromEntries((await page.getByRole('region', { name: source }).locator('dl > div').allInnerTexts()).map((text) => text.split('\n').map((part) => part.trim())))
    await expect.poll(() => figures('help'), POLL).toMatchObject({ Documents: '4', Failures: '1' })
    expect(Number((await figures('help')).Chunks)).toBeGreaterThanOrEqual(4)
    expect(await figures('policies')).toMatchObject({ Documents: '1', Failures: '0' })
    expect((await figures('help'))['Last sync']).not.toBe('Never')

    await help.getByText('Documents the last sync could not read (1)').click()
    expect(await help.locator('.failures').textContent()).toContain('broken.pdf')
    await help.getByText('Indexed documents').click()
    const rows = help.locator('table.rows tbody tr')
    await expect.poll(() => rows.count(), POLL).toBe(4)
    expect(await rows.locator('td:first-child').allTextContents()).toEqual(['account/password.md', 'gift-wrapping.md', 'index.md', 'opening-hours.md'])
    expect(await help.getByRole('link', { name: 'gift-wrapping.md' }).getAttribute('href')).toBe('https://shop.example/help/gift-wrapping')
    await saveScreenshot(page, 'console-knowledge', { fullPage: true })

    // A new page in the folder: the source's Sync adds it, and its open list shows it.
    writeFileSync(join(suite.server.knowledgeDir, 'help', 'returns.md'), '# Returns\n\nReturn an unworn item within 30 days for a full refund.\n')
    await help.getByRole('button', { name: 'Sync help' }).click()
    const summary = page.getByRole('status', { name: 'Last sync' })
    await expect.poll(() => summary.textContent(), POLL).toMatch(/help: 1 added, 0 changed, 0 removed, 4 unchanged; \d+ chunks written; 1 failed/)
    await expect.poll(() => figures('help'), POLL).toMatchObject({ Documents: '5' })
    await expect.poll(() => rows.count(), POLL).toBe(5)
    expect(await help.getByRole('button', { name: 'Sync help' }).isEnabled()).toBe(true)

    // A sync elsewhere (here, its lease held as the CLI's would be): shown, its button off, until it ends.
    const state = suite.server.chatbot.db.withTables<{ knowledge_sync_state: { source: string; lease_owner: string | null; lease_until: string | null } }>()
    await state.updateTable('knowledge_sync_state').set({ lease_owner: 'cli', lease_until: new Date(Date.now() + 60_000).toISOString() }).where('source', '=', 'policies').execute()
    await page.reload()
    const policies = page.getByRole('region', { name: 'policies' })
    await expect.poll(() => policies.getByText('Syncing…').isVisible(), POLL).toBe(true)
    expect(await policies.getByRole('button', { name: 'Sync policies' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Sync all' }).isDisabled()).toBe(true)
    await state.updateTable('knowledge_sync_state').set({ lease_owner: null, lease_until: null }).where('source', '=', 'policies').execute()
    await expect.poll(() => policies.getByText('Syncing…').count(), POLL).toBe(0)
    expect(await policies.getByRole('button', { name: 'Sync policies' }).isEnabled()).toBe(true)

    await page.getByRole('button', { name: 'Sync all' }).click()
    await expect.poll(() => summary.locator('li').allTextContents(), POLL).toEqual([
      expect.stringMatching(/^help: 0 added, 0 changed, 0 removed, 5 unchanged/),
      expect.stringMatching(/^policies: 0 added, 0 changed, 0 removed, 1 unchanged/),
    ])
    await tab.close()
  })

  it('works by keyboard: Sync all, each source’s Sync and lists in order, a search submitted with Enter', async () => {
    const tab = await openConsole(suite.browser, consoleUrl('/knowledge'))
    const { page } = tab
    await signIn(page)
    await heading(page, 'Knowledge')
    await page.getByRole('region', { name: 'help' }).waitFor()
    await page.getByRole('heading', { name: 'Knowledge', level: 1 }).focus()
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim())
    const stops: (string | undefined)[] = []
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      stops.push(await focused())
    }
    expect(stops).toEqual(['Sync all', 'Sync help', 'Documents the last sync could not read (1)', 'Indexed documents', 'Sync policies'])
    // Back to the help source's documents: Enter opens them.
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('region', { name: 'help' }).locator('table.rows tbody tr').first().waitFor()
    await page.getByRole('region', { name: 'Search as a turn would' }).getByLabel('Question').focus()
    await page.keyboard.type('How much is gift wrapping?')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('list', { name: 'Offered to the turn' }).textContent(), POLL).toContain('Gift wrapping')
    await tab.close()
  })

  it('searches as a turn of a channel would, with scores, and what fell under minScore', async () => {
    const tab = await openConsole(suite.browser, consoleUrl('/knowledge'))
    const { page } = tab
    await signIn(page)
    await heading(page, 'Knowledge')
    const search = page.getByRole('region', { name: 'Search as a turn would' })
    await search.getByLabel('Question').fill('When does the store open on holidays?')
    await search.getByRole('button', { name: 'Search' }).click()
    const offered = search.getByRole('list', { name: 'Offered to the turn' })
    await offered.locator('li').first().waitFor()
    const first = offered.locator('li').first()
    expect(await first.getByRole('link').textContent()).toBe('Store opening hours')
    expect(await first.getByRole('link').getAttribute('href')).toBe('https://shop.example/help/opening-hours#holidays')
    expect(await first.getByRole('link').getAttribute('rel')).toBe('noopener noreferrer')
    expect(await first.textContent()).toContain('closes at 16:00')
    const minScore = Number(/minScore (\d\.\d\d)/.exec((await search.getByRole('status').textContent())!)![1])
    for (const score of await offered.locator('.score').allTextContents()) expect(Number(score)).toBeGreaterThanOrEqual(minScore)
    const under = search.getByRole('list', { name: 'Under minScore, not offered' })
    await expect.poll(() => under.locator('li').count(), POLL).toBeGreaterThan(0)
    for (const score of await under.locator('.score').allTextContents()) expect(Number(score)).toBeLessThan(minScore)
    await saveScreenshot(page, 'console-knowledge-search', { fullPage: true })

    // The privacy policy is in `policies`, which `support` does not search: a gap there.
    await search.getByLabel('Question').fill('Which cookie does the site set?')
    await search.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => offered.locator('li').first().textContent(), POLL).toContain('Privacy')
    await search.getByLabel('Channel').selectOption('support')
    await search.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => search.getByRole('status').textContent(), POLL).toMatch(/^A gap: nothing scored/)
    expect(await offered.count()).toBe(0)
    await tab.close()
  })

  it('lists the gaps grouped, newest first, filtered by channel and range, each linked to its transcripts', async () => {
    const { gaps } = suite.server.seeded
    const tab = await openConsole(suite.browser, consoleUrl('/gaps'))
    const { page } = tab
    await signIn(page)
    await heading(page, 'Gaps')
    const rows = page.locator('table.rows tbody tr')
    const bikes = rows.filter({ hasText: /electric bicycles/i })
    await bikes.waitFor()
    // The latest asking is shown, with the count of both.
    expect(await bikes.locator('td.question').textContent()).toBe(GAP_QUESTIONS[1]!.question)
    expect(await bikes.locator('td[data-label="Asked"]').textContent()).toBe('2 times')
    const links = bikes.getByRole('link')
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')!.split('/').at(-1)))).toEqual([...gaps['do you sell electric bicycles']!].reverse())
    // Newest first: the bitcoin question came last.
    expect(await rows.first().locator('td.question').textContent()).toBe('Can I pay with bitcoin?')
    await saveScreenshot(page, 'console-gaps', { fullPage: true })

    await page.getByLabel('Channel').selectOption('support')
    await page.getByRole('button', { name: 'Apply' }).click()
    // Only support's questions: the bicycles were asked on default.
    await expect.poll(() => bikes.count(), POLL).toBe(0)
    expect(await rows.locator('td.question').allTextContents()).toContain('Can I pay with bitcoin?')
    await page.getByLabel('Asked on or after (UTC)').fill('2099-01-01')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => page.locator('p.status').first().textContent(), POLL).toBe('No unanswered questions match.')
    await page.getByRole('button', { name: 'Reset' }).click()
    await bikes.waitFor()

    // A link opens the conversation that asked.
    await bikes.getByRole('link').first().click()
    await heading(page, 'Transcript')
    await expect.poll(() => page.getByRole('list', { name: /Messages, tool calls/ }).textContent(), POLL).toContain(GAP_QUESTIONS[1]!.question)
    await tab.close()
  })

  it('charts the gaps per day beside the conversations on the overview', async () => {
    const tab = await openConsole(suite.browser, consoleUrl())
    const { page } = tab
    await signIn(page)
    const chart = page.locator('[data-chart="gaps"]')
    await chart.locator('canvas').waitFor()
    const recorded = await suite.server.chatbot.db.withTables<{ knowledge_gaps: { id: number } }>().selectFrom('knowledge_gaps').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(recorded.n)).toBeGreaterThanOrEqual(GAP_QUESTIONS.length)
    await chart.getByText('Show as a table').click()
    const cells = await chart.getByRole('row', { name: new RegExp(`^${today()}\\b`) }).getByRole('cell').allTextContents()
    expect(Number(cells[1])).toBe(Number(recorded.n))
    expect(Number(cells[0])).toBeGreaterThanOrEqual(Number(recorded.n))
    expect(await page.getByLabel('Totals of the range').textContent()).toContain(`Gaps${recorded.n}`)
    await chart.getByText('Show as a table').click()
    await saveScreenshot(page, 'console-overview-gaps', { fullPage: true })
    await tab.close()
  })

  it('fits 390 px and the dark theme', async () => {
    for (const [path, name] of [['/knowledge', 'Knowledge'], ['/gaps', 'Gaps']] as const) {
      const tab = await openConsole(suite.browser, consoleUrl(path), { width: 390, height: 844, colorScheme: name === 'Gaps' ? 'dark' : 'light' })
      const { page } = tab
      await signIn(page)
      await heading(page, name)
      await page.locator(name === 'Gaps' ? 'table.rows tbody tr' : 'section.source').first().waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
      await saveScreenshot(page, `console-${name.toLowerCase()}-390-${name === 'Gaps' ? 'dark' : 'light'}`, { fullPage: true })
      await tab.close()
    }
  })
})
