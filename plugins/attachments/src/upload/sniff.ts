import { ChatbotAttachmentException } from '../errors.js'

/** Text types a client may declare; text has no magic bytes, so its subtype is taken from the declaration. */
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/csv'])
const TEXT_BY_EXTENSION: Record<string, string> = { md: 'text/markdown', markdown: 'text/markdown', csv: 'text/csv' }
/** Names that mean the same type. */
const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'text/x-markdown': 'text/markdown' }
/** Declares nothing: what a browser sends for a file it cannot name. */
const UNDECLARED = new Set(['', 'application/octet-stream'])

const refuse = (message: string) => new ChatbotAttachmentException('attachment_type_not_allowed', message)

/**
 * The file's type from its bytes. Binary formats by their magic bytes (file-type); a file with
 * none is text only when it is valid UTF-8 without NUL, and then `text/plain`, or the text type
 * it declares (`text/markdown`, `text/csv`; or, declaring nothing, its extension's). Refused
 * (415) when the declared type disagrees, or when the bytes are neither a known format nor text.
 */
export async function sniffType(bytes: Buffer, declared: string, name: string): Promise<string> {
  const claimed = ALIASES[declared] ?? declared
  // Loaded with the first upload: 40 ms that an app whose channels take no files never spends.
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(bytes)
  if (detected) {
    if (!UNDECLARED.has(claimed) && claimed !== detected.mime) throw refuse(`The file was declared as ${declared} but its content is ${detected.mime}.`)
    return detected.mime
  }
  if (!isText(bytes)) throw refuse('The file type could not be recognised from its content.')
  if (UNDECLARED.has(claimed)) return TEXT_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'text/plain'
  if (!TEXT_TYPES.has(claimed)) throw refuse(`The file was declared as ${declared} but its content is text.`)
  return claimed
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/** Valid UTF-8 with no NUL: what text files are taken to be. */
export function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false
  try {
    decoder.decode(bytes)
    return true
  } catch {
    return false
  }
}

/** `image/*` style patterns, or exact types. */
export function isAllowedType(type: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => pattern === type || (pattern.endsWith('/*') && type.startsWith(pattern.slice(0, -1))))
}
