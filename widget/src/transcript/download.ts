/**
 * Saves `text` as the file `name` through a Blob and an `<a download>`: built and kept in the
 * browser, nothing is sent anywhere.
 */
export function downloadFile(doc: Document, name: string, text: string, type = 'text/markdown;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = doc.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // Revoked once the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
