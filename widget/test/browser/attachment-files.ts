import { createPng } from '@chatbot-kit/test-utils'

// What the attachments suites share in Chromium (attachments.test.ts) and Firefox ESR
// (attachments-firefox.test.ts): the files they attach, and what they read and do in the page.
// The functions below run in the page through `evaluate`, so each one stands alone.

export const sky = createPng(96, 64, (x, y) => [40 + x, 110 + y, 220])
export const leaf = createPng(64, 64, (x, y) => [30, 120 + x, 60 + y])

/** A file for the page: its name, type and bytes (base64, to cross into the page). */
export interface PageFile {
  name: string
  type: string
  data: string
}

export const pageFile = (name: string, type: string, bytes: Buffer): PageFile => ({ name, type, data: bytes.toString('base64') })

/**
 * In the page: dispatches `paste` on the input, or `drop` on the message list, carrying `files`
 * in a DataTransfer built there, as a clipboard or a drag from the desktop hands them over.
 * Firefox's `ClipboardEvent` constructor ignores `clipboardData` (it makes an empty one of its
 * own), so there the event is given ours as its own property; its `DragEvent` keeps ours.
 */
export function dispatchFiles({ kind, files }: { kind: 'paste' | 'drop'; files: PageFile[] }): void {
  const data = new DataTransfer()
  for (const entry of files) data.items.add(new File([Uint8Array.from(atob(entry.data), (c) => c.charCodeAt(0))], entry.name, { type: entry.type }))
  const root = document.querySelector('chatbot-widget')!.shadowRoot!
  const init = { bubbles: true, composed: true, cancelable: true }
  if (kind === 'drop') {
    root.querySelector('[part="messages"]')!.dispatchEvent(new DragEvent('drop', { ...init, dataTransfer: data }))
    return
  }
  const paste = new ClipboardEvent('paste', { ...init, clipboardData: data })
  if (paste.clipboardData !== data) Object.defineProperty(paste, 'clipboardData', { value: data })
  root.querySelector('[part="input"]')!.dispatchEvent(paste)
}

/** In the page: the files under each user message, an image by its alt text, another file by its name. */
export function sentFiles(): string[][] {
  const messages = document.querySelector('chatbot-widget')!.shadowRoot!.querySelectorAll('.message.user')
  return [...messages].map((message) => [...message.querySelectorAll('.files a')].map((link) => link.querySelector('img')?.alt ?? link.querySelector('.name')?.textContent ?? ''))
}

/** In the page: every picture shown in the widget has loaded (the CSP let it). */
export function picturesLoaded(): boolean {
  return [...document.querySelector('chatbot-widget')!.shadowRoot!.querySelectorAll('img')].every((image) => image.complete && image.naturalWidth > 0)
}
