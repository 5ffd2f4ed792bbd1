import { describe, expect, it, vi } from 'vitest'
import { createMessage, type ChatMessage } from '../../src/chat/state.js'
import { en } from '../../src/i18n/strings.js'
import { feedbackBar, type FeedbackDocument, type RateReply } from '../../src/messages/feedback.js'
import { asDom, elementsOf, fakeDocument, type FakeElement } from '../helpers/fake-dom.js'

type Clickable = FakeElement & { onclick: () => void }
type Field = FakeElement & { value: string; onkeydown: (event: Partial<KeyboardEvent>) => void }

/** A promise the test settles: what the server answers to one rating. */
function answer() {
  let settle!: (taken: boolean) => void
  const promise = new Promise<boolean>((resolve) => (settle = resolve))
  return { promise, settle }
}

function mount(feedback?: 'up' | 'down' | null, answers: Promise<boolean>[] = []) {
  const doc = fakeDocument()
  const message: ChatMessage = { ...createMessage('assistant', 'It shipped.', 'complete', 'm-1'), feedback }
  const rate = vi.fn<RateReply>(() => answers.shift() ?? Promise.resolve(true))
  const bar = feedbackBar(asDom<FeedbackDocument>(doc), message, en, () => rate) as unknown as FakeElement
  const [up, down] = bar.children as Clickable[]
  const pressed = () => [up!.getAttribute('aria-pressed'), down!.getAttribute('aria-pressed')]
  const form = () => elementsOf(bar).find((element) => element.getAttribute('part') === 'feedback-comment')
  const field = () => form()?.children[0] as Field | undefined
  const choice = (label: string) => elementsOf(form()!).find((element) => element.tagName === 'BUTTON' && element.textContent === label) as Clickable
  const settled = () => new Promise((resolve) => setTimeout(resolve))
  return { doc, message, rate, bar, up: up!, down: down!, pressed, form, field, choice, settled }
}

describe('feedbackBar', () => {
  it('shows two labelled thumbs in a labelled group, the stored rating pressed', () => {
    const { bar, up, down, pressed } = mount('down')
    expect(bar.getAttribute('part')).toBe('feedback')
    expect([bar.getAttribute('role'), bar.getAttribute('aria-label')]).toEqual(['group', 'Rate this reply'])
    expect([up.getAttribute('aria-label'), down.getAttribute('aria-label')]).toEqual(['Good reply', 'Bad reply'])
    expect([up.getAttribute('type'), down.getAttribute('type')]).toEqual(['button', 'button'])
    expect(pressed()).toEqual(['false', 'true'])
    expect(mount(null).pressed()).toEqual(['false', 'false'])
  })

  it('rates up at once, keeps the rating on the reply, and sends one request at a time', async () => {
    const first = answer()
    const { up, down, rate, pressed, message, form, settled } = mount(null, [first.promise])
    up.onclick()
    expect(rate).toHaveBeenCalledWith('m-1', 'up', undefined)
    expect(pressed()).toEqual(['true', 'false'])
    // A press while the first request is out is ignored.
    down.onclick()
    expect(rate).toHaveBeenCalledTimes(1)
    first.settle(true)
    await settled()
    expect(pressed()).toEqual(['true', 'false'])
    expect(message.feedback).toBe('up')
    expect(form()).toBeUndefined()
  })

  it('puts the rating before back when the server refuses it; pressing again retries', async () => {
    const { down, rate, pressed, message, settled } = mount('up', [Promise.resolve(false)])
    down.onclick()
    expect(pressed()).toEqual(['false', 'true'])
    await settled()
    expect(pressed()).toEqual(['true', 'false'])
    expect(message.feedback).toBe('up')
    down.onclick()
    await settled()
    expect(rate).toHaveBeenCalledTimes(2)
    expect(pressed()).toEqual(['false', 'true'])
  })

  it('opens an optional comment field on "down", focused, and sends the comment with "down"', async () => {
    const { doc, down, rate, form, field, choice, settled } = mount(null)
    down.onclick()
    expect(form()?.getAttribute('part')).toBe('feedback-comment')
    expect(field()!.getAttribute('maxlength')).toBe('2000')
    expect(field()!.getAttribute('aria-label')).toBe('What went wrong? (optional)')
    expect(doc.activeElement).toBe(field())
    await settled()
    field()!.value = '  The size is wrong.  '
    choice('Send').onclick()
    await settled()
    expect(rate).toHaveBeenLastCalledWith('m-1', 'down', 'The size is wrong.')
    expect(form()).toBeUndefined()
    expect(doc.activeElement).toBe(down)
  })

  it('keeps the field and its text when the comment fails, and closes on Skip without a request', async () => {
    const { down, rate, form, field, choice, settled } = mount(null, [Promise.resolve(true), Promise.resolve(false)])
    down.onclick()
    await settled()
    field()!.value = 'Too slow'
    choice('Send').onclick()
    await settled()
    expect(form()).toBeDefined()
    expect(field()!.value).toBe('Too slow')
    choice('Skip').onclick()
    expect(form()).toBeUndefined()
    expect(rate).toHaveBeenCalledTimes(2)
  })

  it('sends on Enter (not Shift+Enter or inside an IME composition), closes on Escape without closing the panel', async () => {
    const { doc, down, up, rate, form, field, settled } = mount(null)
    down.onclick()
    await settled()
    const key = (init: Partial<KeyboardEvent>) => {
      const event = { shiftKey: false, isComposing: false, preventDefault: vi.fn(), stopPropagation: vi.fn(), ...init }
      field()!.onkeydown(event)
      return event
    }
    field()!.value = 'Wrong'
    expect(key({ key: 'Enter', shiftKey: true }).preventDefault).not.toHaveBeenCalled()
    expect(key({ key: 'Enter', isComposing: true }).preventDefault).not.toHaveBeenCalled()
    expect(rate).toHaveBeenCalledTimes(1)
    key({ key: 'Enter' })
    await settled()
    expect(rate).toHaveBeenLastCalledWith('m-1', 'down', 'Wrong')
    expect(form()).toBeUndefined()

    down.onclick()
    await settled()
    const escape = key({ key: 'Escape' })
    expect(escape.stopPropagation).toHaveBeenCalled()
    expect(form()).toBeUndefined()
    // "Up" closes an open field too, focus staying on it.
    down.onclick()
    await settled()
    up.focus()
    up.onclick()
    expect(form()).toBeUndefined()
    expect(doc.activeElement).toBe(up)
  })

  it('does not send the rating the reply has again: "down" only opens the field, so a comment stored with it stays', async () => {
    const { down, up, rate, form } = mount('down')
    down.onclick()
    expect(form()).toBeDefined()
    up.onclick()
    expect(rate.mock.calls).toEqual([['m-1', 'up', undefined]])
  })

  it('sends nothing for an empty comment: Send just closes the field', async () => {
    const { down, rate, form, field, choice, settled } = mount(null)
    down.onclick()
    await settled()
    field()!.value = '   '
    choice('Send').onclick()
    await settled()
    expect(form()).toBeUndefined()
    expect(rate).toHaveBeenCalledTimes(1)
  })
})
