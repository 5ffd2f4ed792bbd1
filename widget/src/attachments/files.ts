import type { AttachmentSummary } from '../api/requests.js'
import { attachmentUrl, formatSize } from './upload.js'

/** What a file's chip or link shows: its picture when it is one the server serves inline, else its name and size. */
export const isPicture = (type: string): boolean => ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(type)

/** A stroked 24×24 icon, hidden from assistive technology (its button is labelled). */
export function icon(doc: Document, path: string): SVGSVGElement {
  const svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('aria-hidden', 'true')
  const line = doc.createElementNS('http://www.w3.org/2000/svg', 'path')
  line.setAttribute('d', path)
  svg.append(line)
  return svg
}

export interface FileView {
  endpoint: string
  token: string
  lang: string
}

/** A file's name and size, `<span class="name">` and `<span class="size">`. */
export function fileLabel(doc: Document, name: string, size: number, lang: string): Node[] {
  const label = doc.createElement('span')
  label.className = 'name'
  label.textContent = name
  const bytes = doc.createElement('span')
  bytes.className = 'size'
  bytes.textContent = formatSize(size, lang)
  return [label, bytes]
}

/**
 * A sent message's files, under its text: each a link that opens the file (from the chatbot
 * routes, to its owner only), a picture as a thumbnail named by its file name, another file by
 * its name and size.
 */
export function sentFiles(doc: Document, files: AttachmentSummary[], view: FileView): Element {
  const list = doc.createElement('ul')
  list.className = 'files'
  for (const file of files) {
    const link = doc.createElement('a')
    link.href = attachmentUrl(view.endpoint, view.token, file.id)
    link.target = '_blank'
    link.rel = 'noopener'
    if (isPicture(file.type)) {
      const image = doc.createElement('img')
      image.src = link.href
      image.alt = file.name
      link.append(image)
    } else {
      link.append(...fileLabel(doc, file.name, file.size, view.lang))
    }
    const item = doc.createElement('li')
    item.append(link)
    list.append(item)
  }
  return list
}
