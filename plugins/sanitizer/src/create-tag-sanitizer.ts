import { foldForMatching, hasOpenBracket } from './lookalikes.js'

export interface SanitizedText {
  text: string
  /** Each escaped tag as it appeared in the input, in order (repeats included). */
  matches: string[]
}

/** Attributes longer than this are not read as part of the tag; its `<` is escaped all the same. */
const MAX_ATTRIBUTES = 256

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')

/**
 * Matches, in folded text, the open, close and self-closing forms of the tags: `<user>`,
 * `</ USER >`, `<system role="x">`, `<context/>`, and an unterminated `<system` (cut at the end
 * of a section, or followed by another `<`). Invisible characters may sit anywhere in between.
 */
function tagPattern(tags: string[]): RegExp {
  const gap = '[\\s\\u200B]*'
  const names = tags.map((tag) => [...foldForMatching(tag).folded].map(escapeRegExp).join('\\u200B*')).join('|')
  return new RegExp(`<${gap}(?:/${gap})?(?:${names})(?=[\\s\\u200B/>]|$)(?:[^<>]{0,${MAX_ATTRIBUTES}}>)?`, 'g')
}

/** `<` and `>` become `&lt;`/`&gt;`; a look-alike bracket becomes its numeric entity, so no text is lost. */
function escapeBrackets(match: string[], folded: string): string {
  return match
    .map((char, index) => {
      const role = folded[index]
      if (role !== '<' && role !== '>') return char
      if (char === '<') return '&lt;'
      if (char === '>') return '&gt;'
      return `&#x${char.codePointAt(0)!.toString(16).toUpperCase()};`
    })
    .join('')
}

/**
 * Returns a function that HTML-entity-escapes the brackets of every open and close form of
 * `tags` in a text. Escaping adds no `<` or `>`, so one pass leaves no tag behind.
 */
export function createTagSanitizer(tags: readonly string[]): (text: string) => SanitizedText {
  const names = tags.map((tag) => tag.trim()).filter(Boolean)
  if (names.length === 0) return (text) => ({ text, matches: [] })
  const pattern = tagPattern(names)
  return (text) => {
    if (!hasOpenBracket(text)) return { text, matches: [] }
    const { codePoints, folded } = foldForMatching(text)
    const matches: string[] = []
    let out = ''
    let last = 0
    for (const found of folded.matchAll(pattern)) {
      const start = found.index
      const end = start + found[0].length
      const original = codePoints.slice(start, end)
      matches.push(original.join(''))
      out += codePoints.slice(last, start).join('') + escapeBrackets(original, found[0])
      last = end
    }
    if (matches.length === 0) return { text, matches }
    return { text: out + codePoints.slice(last).join(''), matches }
  }
}
