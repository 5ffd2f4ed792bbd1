import type { AttachmentSummary } from '../api/requests.js'
import { messagesUrl } from '../api/endpoint.js'
import type { createChatController } from '../chat/controller.js'
import type { ChatMessage } from '../chat/state.js'
import type { ChatControllerOptions } from '../chat/types.js'
import type { WidgetElement } from '../element/widget-element.js'
import css from './attachments.css?inline'
import { icon, sentFiles } from './files.js'
import { attachmentsStrings } from './strings.js'
import { createTray } from './tray.js'

type Controller = ReturnType<typeof createChatController>

/** The channel's limits, from the element's `attachments` attribute (the server's `renderWidget()` writes it). */
function limitsOf(host: WidgetElement): { maxFiles: number; types: string[] } {
  try {
    const value = JSON.parse(host.getAttribute('attachments') || '{}') as { maxFiles?: unknown; types?: unknown }
    return { maxFiles: typeof value.maxFiles === 'number' ? value.maxFiles : 4, types: Array.isArray(value.types) ? value.types.filter((type) => typeof type === 'string') : [] }
  } catch {
    return { maxFiles: 4, types: [] }
  }
}

/**
 * The attach UI, loaded by the widget only on a channel with attachments (`attachments.js`): a
 * button (and paste, and drop on the panel) adds files, which upload at once into a tray above
 * the composer; Send posts their ids with the message; sent files show under their message, also
 * after a reload (the history's `attachments`).
 */
export default function attachFiles(host: WidgetElement, controller: Controller, options: ChatControllerOptions): void {
  const root = host.shadowRoot!
  const doc = host.ownerDocument
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  const limits = limitsOf(host)
  const text = () => attachmentsStrings(host.strings)
  const view = () => ({ endpoint: options.session().endpoint, token: options.session().token, csrfToken: options.csrfToken(), lang: host.closest('[lang]')?.getAttribute('lang') ?? '' })

  const error = doc.createElement('p')
  error.className = 'attachment-error'
  error.setAttribute('role', 'alert')
  const input = doc.createElement('input')
  input.type = 'file'
  input.multiple = true
  input.hidden = true
  if (limits.types.length > 0) input.accept = limits.types.join(',')
  const button = doc.createElement('button')
  button.type = 'button'
  button.className = 'attach'
  button.setAttribute('part', 'attach-button')
  button.append(icon(doc, 'M21 11l-8.5 8.5a5 5 0 01-7-7L14 4a3.5 3.5 0 015 5l-8.5 8.5a2 2 0 01-3-3L15 7'))
  const textarea = () => root.querySelector<HTMLElement>('[part="input"]')
  const tray = createTray(doc, { view, text, maxFiles: limits.maxFiles, onError: (line) => (error.textContent = line), focusOut: () => textarea()?.focus() })
  const composer = root.querySelector('.composer')!
  composer.before(tray.element, error)
  composer.prepend(button, input)

  const add = (files: FileList | File[] | null | undefined) => {
    error.textContent = ''
    if (files?.length) tray.add(files)
  }
  button.addEventListener('click', () => input.click())
  input.addEventListener('change', () => {
    add(input.files)
    input.value = ''
  })
  // Pasting a file (a screenshot from the clipboard) attaches it; pasted text is left alone.
  root.addEventListener('paste', (event) => {
    const files = (event as ClipboardEvent).clipboardData?.files
    if (!files?.length) return
    event.preventDefault()
    add(files)
  })
  const panel = root.querySelector('[part="panel"]')!
  panel.addEventListener('dragover', (event) => {
    if ((event as DragEvent).dataTransfer?.types.includes('Files')) event.preventDefault()
  })
  panel.addEventListener('drop', (event) => {
    const files = (event as DragEvent).dataTransfer?.files
    if (!files?.length) return
    event.preventDefault()
    add(files)
  })
  // Send waits for the uploads: a message must not leave without a file the user sees in the tray.
  // Capturing, so the widget's own handlers (on the panel's root) never hear of it.
  composer.addEventListener(
    'click',
    (event) => {
      if (tray.pending() && (event.target as Element).closest('[part="send-button"]')) hold(event)
    },
    true,
  )
  composer.addEventListener(
    'keydown',
    (event) => {
      const key = event as KeyboardEvent
      if (tray.pending() && key.key === 'Enter' && !key.shiftKey && !key.isComposing) hold(event)
    },
    true,
  )
  function hold(event: Event) {
    event.preventDefault()
    event.stopPropagation()
    error.textContent = text().attachmentsPending
  }

  // The files going with the message being sent: taken from the tray on Send, kept for a Retry of
  // that message (the same text: the server counts them as that message's), dropped after its reply.
  let sending: AttachmentSummary[] = []
  let sentText = ''
  let bubble: AttachmentSummary[] | null = null
  const shown = new WeakMap<ChatMessage, AttachmentSummary[]>()
  const { onSend, onReply, onChange, fetch } = options
  options.onSend = (detail) => {
    const taken = tray.take()
    if (taken.length > 0) [sending, sentText] = [taken, detail.message]
    else if (detail.message !== sentText) sending = []
    bubble = sending.length > 0 ? sending : null
    error.textContent = ''
    onSend?.(detail)
  }
  options.onReply = (detail) => {
    sending = []
    onReply?.(detail)
  }
  // The user message a send adds is the next state's last one: it shows the files it carries.
  options.onChange = (state) => {
    const last = [...state.messages].reverse().find((message) => message.role === 'user')
    if (bubble && last) shown.set(last, bubble)
    bubble = null
    onChange(state)
  }
  // widget.js has no room (its 25 KB budget) for a hook in the message body: the ids join the
  // JSON on its way out. Only `POST messages` is touched, and only while files go with it.
  options.fetch = (url, init) => {
    if (sending.length > 0 && init.method === 'POST' && url === messagesUrl(options.session().endpoint) && typeof init.body === 'string') {
      init = { ...init, body: JSON.stringify({ ...(JSON.parse(init.body) as object), attachments: sending.map((file) => file.id) }) }
    }
    return fetch(url, init)
  }

  // Each message node is rebuilt as its message changes: the files are put back under its text each time.
  const list = root.querySelector('.list')!
  const decorate = () => {
    const messages = controller.state.messages
    ;[...list.children].forEach((node, index) => {
      const message = messages[index]
      const files = message && (shown.get(message) ?? message.attachments)
      if (files?.length && !node.querySelector('.files')) node.querySelector('.plain')?.after(sentFiles(doc, files, view()))
    })
  }
  // New translations (the `strings` attribute or property, `setStrings`) rebuild every message node:
  // the button and the tray follow them then.
  let strings: unknown
  const render = () => {
    strings = host.strings
    button.setAttribute('aria-label', text().attach)
    tray.render()
  }
  new MutationObserver(() => {
    decorate()
    if (host.strings !== strings) render()
  }).observe(list, { childList: true })
  decorate()
  render()
}
