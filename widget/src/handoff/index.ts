import type { StreamEvent } from '@chatbot-kit/kernel'
import { post } from '../api/requests.js'
import type { createChatController } from '../chat/controller.js'
import { createMessage } from '../chat/state.js'
import type { ChatControllerOptions } from '../chat/types.js'
import type { WidgetElement } from '../element/widget-element.js'
import { format } from '../i18n/strings.js'
import css from './handoff.css?inline'
import { followHandoff } from './follow.js'
import { handoffStrings } from './strings.js'

type Controller = ReturnType<typeof createChatController>
type Line = 'handoffWaiting' | 'handoffJoined' | 'handoffBack' | 'handoffFailed' | ''

/**
 * The handoff UI, loaded by the widget only on a channel with handoff (`handoff.js`): a "Talk to
 * a person" button and a status line above the composer; a person's messages join the list live,
 * named, while the conversation's stream follows the handoff (also after a reload).
 */
export default function attachHandoff(host: WidgetElement, controller: Controller, options: ChatControllerOptions): void {
  const root = host.shadowRoot!
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]

  const bar = document.createElement('div')
  bar.className = 'handoff'
  bar.setAttribute('part', 'handoff')
  const button = document.createElement('button')
  button.type = 'button'
  const status = document.createElement('p')
  status.setAttribute('role', 'status')
  bar.append(button, status)
  root.querySelector('.composer')?.before(bar)

  let state = 'bot'
  let agent = ''
  let line: Line = ''
  let following: AbortController | null = null
  const conversationId = () => options.conversations.get(options.session().channel)

  const render = () => {
    const text = handoffStrings(host.strings)
    button.textContent = text.talkToPerson
    // Offered once there is a conversation to hand over, and only while the bot has it.
    button.hidden = state !== 'bot' || !conversationId()
    status.textContent = line && format(text[line], { name: agent })
  }

  /** Applies a handoff event from any stream; false for any other event. */
  const apply = (event: StreamEvent): boolean => {
    if (event.type === 'handoff') {
      const changed = event.state !== state
      state = event.state
      agent = event.agent ?? ''
      if (changed || event.state !== 'bot') line = state === 'waiting' ? 'handoffWaiting' : state === 'human' ? 'handoffJoined' : 'handoffBack'
      if (state !== 'bot') follow()
    } else if (event.type === 'agent_message') {
      // A replay after a reload repeats what the history shows already.
      if (!controller.state.messages.some((message) => message.id === event.message_id)) {
        const author = event.author.kind === 'agent' ? event.author.name : undefined
        controller.push({ ...createMessage('assistant', event.content, 'complete', event.message_id), author })
        // Read out as a finished reply is: the polite live region, once.
        controller.announce(author ? `${author}: ${event.content}` : event.content)
      }
    } else {
      return false
    }
    render()
    return true
  }

  function follow() {
    const id = conversationId()
    if (following || !id) return
    following = new AbortController()
    void followHandoff({ fetch: options.fetch, session: options.session(), conversationId: id, signal: following.signal, onEvent: apply }).finally(() => {
      following = null
    })
  }

  button.addEventListener('click', async () => {
    const id = conversationId()
    if (!id) return
    const session = options.session()
    try {
      const response = await post({ fetch: options.fetch, endpoint: session.endpoint, csrfToken: options.csrfToken() }, `${session.endpoint}conversations/${encodeURIComponent(id)}/handoff`, { signed_context: session.token }, 'application/json')
      const answer = (await response.json()) as { state: 'bot' | 'waiting' | 'human'; agent: string | null }
      apply({ type: 'handoff', state: answer.state, ...(answer.agent ? { agent: answer.agent } : {}) })
      // The button hides now: focus goes on to the input rather than to nowhere.
      root.querySelector<HTMLElement>('[part="input"]')?.focus()
    } catch {
      line = 'handoffFailed'
      render()
    }
  })

  // The widget's own streams: a held message's `handoff`, and `done` naming a new conversation.
  options.onEvent = (event) => {
    if (!apply(event) && event.type === 'done') render()
  }
  // After a reload (or in another tab) a handoff in progress resumes: its stream replays it.
  follow()
  render()
}
