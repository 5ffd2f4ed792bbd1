import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { listFeedback } from '@chatbot-kit/plugin-feedback'
import { announced, availability, focused, history, openPage, refreshDocsImage, screenshot, useTestPage, widget } from './harness.js'

// Feedback end to end (contract §9.4): real Chromium, a real chatbot-kit server over a real socket
// with the demo provider behind it; the ratings are read back from the history and the database.

describe.skipIf(!availability.run)('<chatbot-widget> feedback on replies, in Chromium', () => {
  const suite = useTestPage()
  const { pageUrl, replyText } = suite

  /** Opens the chat and gets one reply to `question`; gives the page and that reply's controls. */
  async function askOne(question: string, answer: string) {
    const opened = await openPage(suite.browser, pageUrl())
    const { page } = opened
    const w = widget(page)
    await w.launcher.click()
    suite.app.provider!.script({ text: answer })
    await w.input.fill(question)
    await w.input.press('Enter')
    await expect.poll(() => replyText(page), { timeout: 10_000 }).toBe(answer)
    await w.send.waitFor()
    return { ...opened, w, ...controls(page) }
  }

  /** The last reply's thumbs and comment field. */
  function controls(page: Page) {
    const reply = widget(page).assistant.last()
    return {
      reply,
      up: reply.getByRole('button', { name: 'Good reply', exact: true }),
      down: reply.getByRole('button', { name: 'Bad reply', exact: true }),
      comment: reply.locator('[part="feedback-comment"]'),
    }
  }

  const pressed = async (page: Page) => {
    const { up, down } = controls(page)
    return [await up.getAttribute('aria-pressed'), await down.getAttribute('aria-pressed')]
  }

  /** The stored rating of the conversation's last reply, as the history lists it. */
  const storedRating = async (page: Page) => (await history(page)).messages.at(-1)!.feedback

  const storedFeedback = async (question: string) => (await listFeedback(suite.app.chatbot.db, { limit: 200 })).items.find((item) => item.question === question)

  const status = (page: Page) => widget(page).host.locator('.reconnecting').textContent()

  it('rates a reply up, then down with a comment: shown pressed, thanked, and stored on the server', async () => {
    const question = 'When does my anvil ship?'
    const { page, context, errors, w, up, down, comment } = await askOne(question, 'Your anvil ships on Friday.')
    // The greeting has no thumbs; the reply has both, neither pressed.
    expect(await w.assistant.first().locator('[part="feedback"]').count()).toBe(0)
    expect(await w.assistant.last().locator('[part="feedback"]').getAttribute('aria-label')).toBe('Rate this reply')
    expect(await pressed(page)).toEqual(['false', 'false'])

    await up.click()
    await expect.poll(() => announced(page)).toEqual(['Thanks for your feedback.'])
    expect(await pressed(page)).toEqual(['true', 'false'])
    expect(await storedRating(page)).toBe('up')
    expect(await storedFeedback(question)).toMatchObject({ rating: 'up', comment: null, reply: 'Your anvil ships on Friday.' })
    expect(await comment.count()).toBe(0)
    refreshDocsImage(await screenshot(page, 'feedback-thumbs'), 'widget-feedback.png')

    await down.click()
    // "Down" opens the optional comment field, focused.
    await comment.waitFor()
    expect(await focused(page)).toBe('What went wrong? (optional)')
    await expect.poll(() => pressed(page)).toEqual(['false', 'true'])
    await expect.poll(() => storedRating(page)).toBe('down')
    await page.keyboard.type('It said Friday; the tracking page says Monday.')
    await screenshot(page, 'feedback-comment')
    await comment.getByRole('button', { name: 'Send', exact: true }).click()
    await comment.waitFor({ state: 'detached' })
    expect(await focused(page)).toBe('Bad reply')
    await expect.poll(() => storedFeedback(question)).toMatchObject({
      rating: 'down',
      comment: 'It said Friday; the tracking page says Monday.',
      question,
      reply: 'Your anvil ships on Friday.',
    })
    expect(await pressed(page)).toEqual(['false', 'true'])
    expect(await status(page)).toBe('')

    // After a reload the rating comes back from the history's `feedback`.
    await page.reload()
    await widget(page).launcher.click()
    await expect.poll(() => widget(page).assistant.count()).toBe(2)
    await expect.poll(() => pressed(page)).toEqual(['false', 'true'])
    expect(await widget(page).assistant.first().locator('[part="feedback"]').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('works from the keyboard: thumbs in the tab order, Enter sends a comment, Escape closes the field and not the panel', async () => {
    const question = 'Do you ship to Norway?'
    const { page, context, errors, w, comment } = await askOne(question, 'Yes, in about a week.')
    // Back from the message input: the last reply's thumbs come right before it.
    await w.input.focus()
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('Bad reply')
    await page.keyboard.press('Enter')
    await comment.waitFor()
    expect(await focused(page)).toBe('What went wrong? (optional)')
    await page.keyboard.press('Escape')
    await comment.waitFor({ state: 'detached' })
    expect(await focused(page)).toBe('Bad reply')
    expect(await w.panel.isVisible()).toBe(true)
    await expect.poll(() => pressed(page)).toEqual(['false', 'true'])

    // Enter on the pressed "down" opens the field again; Shift+Enter adds a line, Enter sends.
    await page.keyboard.press('Enter')
    await comment.waitFor()
    await page.keyboard.type('Shipping to Norway takes two weeks.')
    await page.keyboard.press('Shift+Enter')
    await page.keyboard.type('Please check.')
    await page.keyboard.press('Enter')
    await comment.waitFor({ state: 'detached' })
    await expect.poll(() => storedFeedback(question)).toMatchObject({ rating: 'down', comment: 'Shipping to Norway takes two weeks.\nPlease check.' })

    // Space on "Good reply" replaces the rating.
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('Good reply')
    await page.keyboard.press('Space')
    await expect.poll(() => pressed(page)).toEqual(['true', 'false'])
    await expect.poll(() => storedRating(page)).toBe('up')
    expect(errors).toEqual([])
    await context.close()
  })

  it('says so when a rating fails, without blocking the chat, and takes it when pressed again', async () => {
    const question = 'Is the hammer in stock?'
    const { page, context, errors, w, up } = await askOne(question, 'We have twelve.')
    const failures: string[] = []
    await page.exposeFunction('recordError', (code: string) => failures.push(code))
    await w.host.evaluate((host) => host.addEventListener('chatbot-error', (event) => (window as unknown as { recordError(code: string): void }).recordError((event as CustomEvent).detail.code)))
    // The first rating meets a server that is down; the next one gets through.
    let refused = 0
    await page.route('**/chatbot/messages/*/feedback', (route) => (refused++ === 0 ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"service_unavailable","message":"Down for a moment."}}' }) : route.continue()))

    await up.click()
    await expect.poll(() => status(page)).toBe('Your feedback could not be sent. Try again.')
    expect(await pressed(page)).toEqual(['false', 'false'])
    expect(await w.error.isVisible()).toBe(false)
    expect(await w.input.isEnabled()).toBe(true)
    expect(failures).toEqual(['service_unavailable'])
    expect(await storedFeedback(question)).toBeUndefined()

    await up.click()
    await expect.poll(() => pressed(page)).toEqual(['true', 'false'])
    await expect.poll(() => status(page)).toBe('')
    expect(await storedFeedback(question)).toMatchObject({ rating: 'up' })
    expect(refused).toBe(2)
    expect(errors).toEqual([])
    await context.close()
  })
})
