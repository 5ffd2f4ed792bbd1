import type { Rating } from '../chat/feedback.js'
import type { ChatMessage } from '../chat/state.js'
import type { WidgetStrings } from '../i18n/strings.js'
import type { NodeFactory } from '../markdown/render.js'
import { buildElement } from './element.js'

/** Sends a reply's rating (the controller's `rate`): true when the server took it. */
export type RateReply = (id: string, rating: Rating, comment?: string) => Promise<boolean>

export type FeedbackDocument = NodeFactory & Pick<Document, 'createElementNS'>

const SVG = 'http://www.w3.org/2000/svg'

/** A thumb pointing up; the stylesheet turns "down"'s over. */
function thumbIcon(doc: FeedbackDocument): Element {
  const svg = doc.createElementNS(SVG, 'svg')
  const path = doc.createElementNS(SVG, 'path')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('aria-hidden', 'true')
  path.setAttribute('d', 'M3 10h4v11H3zm4 0 4-7c1.7 0 3 1.3 3 3v4h5a2 2 0 0 1 2 2.4l-1.4 7a2 2 0 0 1-2 1.6H7')
  svg.append(path)
  return svg
}

/**
 * The thumbs under a finished reply (part `feedback`, each `aria-pressed`), and the comment
 * field that "down" opens (part `feedback-comment`: at most 2,000 characters; Enter or Send
 * sends, Escape or Skip closes, and focus goes back to the thumbs). A rating shows at once and
 * is taken back if the server refuses it; a comment that fails stays in its field. The rating
 * is kept on the reply (`message.feedback`, a view built again reads it) without a state
 * change: these nodes stay while the reply does, so a request's answer moves no focus.
 */
export function feedbackBar(doc: FeedbackDocument, message: ChatMessage, text: WidgetStrings, rate: () => RateReply): Element {
  const id = message.id!
  let busy = false
  let form: Element | null = null

  const button = (className: string, content: string | Node[], onclick: () => void, label?: string) => {
    const element = buildElement(doc, 'button', className, content, label ? { type: 'button', 'aria-label': label } : { type: 'button' }) as HTMLButtonElement
    element.onclick = onclick
    return element
  }
  const show = () => {
    up.setAttribute('aria-pressed', String(message.feedback === 'up'))
    down.setAttribute('aria-pressed', String(message.feedback === 'down'))
  }
  /** One request at a time; the pressed thumb shows the rating being sent. */
  const send = async (rating: Rating, comment?: string) => {
    if (busy) return false
    busy = true
    const before = message.feedback
    message.feedback = rating
    show()
    const taken = await rate()(id, rating, comment)
    if (!taken) message.feedback = before
    busy = false
    show()
    return taken
  }
  /** Closes the comment field; focus goes back to "down", unless the field closes for "up". */
  const close = (refocus = true) => {
    if (refocus) down.focus()
    form?.remove()
    form = null
  }
  const open = () => {
    if (form) return
    const field = buildElement(doc, 'textarea', '', [], { maxlength: '2000', rows: '2', 'aria-label': text.feedbackComment, placeholder: text.feedbackComment }) as HTMLTextAreaElement
    const submit = async () => {
      const comment = field.value.trim()
      if (!comment || (await send('down', comment))) close()
    }
    field.onkeydown = (event) => {
      // Escape closes the field, not the panel. Enter sends as in the message input: not with
      // Shift (a new line), nor inside an IME composition (it picks a candidate).
      if (event.key === 'Escape') event.stopPropagation()
      else if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return
      event.preventDefault()
      void (event.key === 'Enter' ? submit() : close())
    }
    const choices = buildElement(doc, 'div', 'choices', [button('', text.send, submit), button('', text.skip, () => close())])
    form = buildElement(doc, 'div', 'comment', [field, choices], { part: 'feedback-comment' })
    bar.append(form)
    field.focus()
  }

  /**
   * A thumb pressed while a request is out does nothing. The rating the reply has is not sent
   * again: a bare "down" would replace the one that came with a comment. "Down" opens the
   * field (again), "up" closes it.
   */
  const press = (rating: Rating) => () => {
    if (busy) return
    if (message.feedback !== rating) void send(rating)
    if (rating === 'down') open()
    else close(false)
  }
  const up = button('up', [thumbIcon(doc)], press('up'), text.rateUp)
  const down = button('down', [thumbIcon(doc)], press('down'), text.rateDown)
  const bar = buildElement(doc, 'div', 'feedback', [up, down], { part: 'feedback', role: 'group', 'aria-label': text.rateReply })
  show()
  return bar
}
