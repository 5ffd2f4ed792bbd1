/** Saves text as a file through a Blob URL: no navigation, nothing the page's CSP refuses. */
export function downloadText(filename: string, contentType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
