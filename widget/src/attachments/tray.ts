import type { AttachmentSummary } from '../api/requests.js'
import { format } from '../i18n/strings.js'
import { fileLabel, icon, isPicture, type FileView } from './files.js'
import type { AttachmentsStrings } from './strings.js'
import { attachmentUrl, uploadFile, UploadFailure } from './upload.js'

interface Item {
  file: File
  /** The server's answer once the upload is done. */
  summary?: AttachmentSummary
  /** The share uploaded so far, and the bar showing it. */
  share: number
  bar?: HTMLProgressElement
  /** Its Remove button, as last rendered. */
  remove?: HTMLButtonElement
  abort: () => void
}

export interface TrayOptions {
  view: () => FileView & { csrfToken: string | null }
  text: () => AttachmentsStrings
  maxFiles: number
  /** An upload failed or a file was refused: the line to show. */
  onError: (line: string) => void
  /** Where focus goes when the last file is removed. */
  focusOut: () => void
}

/**
 * The files chosen for the next message, above the composer: each uploads at once, showing its
 * progress, then its thumbnail (a picture) or its name and size; each can be removed before sending.
 */
export function createTray(doc: Document, options: TrayOptions) {
  const list = doc.createElement('ul')
  list.className = 'tray'
  list.setAttribute('part', 'attachments')
  let items: Item[] = []

  function render() {
    const text = options.text()
    const view = options.view()
    // Rebuilt when an upload ends: focus on a Remove button stays on that file's.
    const focused = items.find((item) => item.remove && item.remove === (list.getRootNode() as Document | ShadowRoot).activeElement)
    list.hidden = items.length === 0
    list.setAttribute('aria-label', text.attachments)
    list.replaceChildren(
      ...items.map((item) => {
        const chip = doc.createElement('li')
        chip.className = 'chip'
        if (item.summary && isPicture(item.summary.type)) {
          const image = doc.createElement('img')
          image.src = attachmentUrl(view.endpoint, view.token, item.summary.id)
          image.alt = ''
          chip.append(image)
        }
        chip.append(...fileLabel(doc, item.file.name, item.file.size, view.lang))
        if (!item.summary) {
          item.bar = doc.createElement('progress')
          item.bar.value = item.share
          item.bar.setAttribute('aria-label', format(text.uploading, { name: item.file.name }))
          chip.append(item.bar)
        }
        const remove = (item.remove = doc.createElement('button'))
        remove.type = 'button'
        remove.className = 'remove'
        remove.setAttribute('aria-label', format(text.removeAttachment, { name: item.file.name }))
        remove.append(icon(doc, 'M6 6l12 12M18 6L6 18'))
        remove.addEventListener('click', () => removeItem(item, true))
        chip.append(remove)
        return chip
      }),
    )
    focused?.remove?.focus()
  }

  function removeItem(item: Item, byUser = false) {
    const index = items.indexOf(item)
    if (index < 0) return
    item.abort()
    items = items.filter((other) => other !== item)
    render()
    // Focus stays in the list, on the next file's remove button, or leaves it when it empties.
    if (!byUser) return
    const next = list.querySelectorAll<HTMLElement>('.remove')[Math.min(index, items.length - 1)]
    if (next) next.focus()
    else options.focusOut()
  }

  let queue = Promise.resolve()
  async function upload(item: Item): Promise<void> {
    const request = uploadFile({ ...options.view(), file: item.file, onProgress: (share) => ((item.share = share), item.bar && (item.bar.value = share)) })
    item.abort = request.abort
    try {
      item.summary = await request.done
      render()
    } catch (error) {
      // A file removed while uploading was aborted: nothing to say.
      if (!items.includes(item)) return
      removeItem(item)
      const message = error instanceof UploadFailure && error.serverMessage ? error.serverMessage : options.text().attachmentUploadFailed
      options.onError(format(options.text().attachmentFailed, { name: item.file.name, message }))
    }
  }

  function add(files: Iterable<File>) {
    for (const file of files) {
      if (items.length >= options.maxFiles) {
        options.onError(format(options.text().attachmentLimit, { count: String(options.maxFiles) }))
        break
      }
      const item: Item = { file, share: 0, abort: () => {} }
      items = [...items, item]
      // One upload at a time, in the tray's order: the server keeps a message's files in the
      // order they were stored, so the history lists them as the tray showed them.
      queue = queue.then(() => (items.includes(item) ? upload(item) : undefined))
    }
    render()
  }

  return {
    element: list,
    add,
    render,
    /** Some file is still uploading. */
    pending: () => items.some((item) => !item.summary),
    /** The uploaded files, taken out of the tray: they go with the message being sent. */
    take(): AttachmentSummary[] {
      const taken = items.flatMap((item) => (item.summary ? [item.summary] : []))
      items = []
      render()
      return taken
    },
  }
}
