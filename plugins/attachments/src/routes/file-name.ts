/** The longest file name kept. */
const NAME_LIMIT = 200
// Path separators and the characters Windows refuses in a name; control characters are tested by code point below.
const UNSAFE = /[/\\:*?"<>|]/g
const isControl = (char: string) => char.codePointAt(0)! < 0x20 || char === '\u007f'

/** A sent file name made safe to store and show: no path, no control characters, bounded; `file` when nothing is left. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = [...base.replace(UNSAFE, '_').trim()].map((char) => (isControl(char) ? '_' : char)).slice(0, NAME_LIMIT).join('')
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned
}

/**
 * `Content-Disposition` for a stored name: an ASCII `filename` (anything else as `_`) for old
 * clients and the exact one as RFC 8187 `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
}
