import { foldForMatching, originOf } from './fold-for-matching.js'
import { hasOpenBracket } from './lookalikes.js'

export interface SanitizedText {
  text: string
  /** Each escaped tag as it appeared in the input, in order (repeats included). */
  matches: string[]
}

/** Attributes longer than this are not read as part of the tag; its `<` is escaped all the same. */
const MAX_ATTRIBUTES = 256

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * Matches, in folded text, the open, close and self-closing forms of the tags: `<user>`,
 * `</ USER >`, `<system role="x">`, `<context/>`, and a `<system` that is never closed: cut at the
 * end of a section, or opened again (`<system<`, `< system <`). A name ends where the characters
 * of an XML name stop, so `<systematic>` and `<user-agent>` are other tags, and `<system<`,
 * `<system"`, `<system!` are this one; `@` continues it too, for addresses (`<user@example.com>`).
 * Linear in the text: the whitespace a `<` may skip ends at the next `<`, and attributes are bounded.
 */
function tagPattern(tags: string[]): RegExp {
  const names = tags.map(escapeRegExp).join('|')
  return new RegExp(`<\\s*(?:/\\s*)?(?:${names})(?![\\p{L}\\p{N}\\p{M}_.:@\\-])(?:[^<>]{0,${MAX_ATTRIBUTES}}>)?`, 'gu')
}

/** `<` and `>` become `&lt;`/`&gt;`; a look-alike bracket becomes its numeric entity, so no text is lost. */
function escapeBracket(char: string, folded: string): string {
  if (folded !== '<' && folded !== '>') return char
  if (char === '<') return '&lt;'
  if (char === '>') return '&gt;'
  return `&#x${char.codePointAt(0)!.toString(16).toUpperCase()};`
}

/**
 * Returns a function that HTML-entity-escapes the brackets of every open and close form of
 * `tags` in a text. Escaping adds no `<` or `>`, so one pass leaves no tag behind.
 */
export function createTagSanitizer(tags: readonly string[]): (text: string) => SanitizedText {
  const names = tags.map((tag) => foldForMatching(tag.trim()).folded).filter(Boolean)
  if (names.length === 0) return (text) => ({ text, matches: [] })
  const pattern = tagPattern(names)
  return (text) => {
    if (!hasOpenBracket(text)) return { text, matches: [] }
    const { codePoints, folds, folded } = foldForMatching(text)
    const found = [...folded.matchAll(pattern)]
    if (found.length === 0) return { text, matches: [] }
    const origin = originOf(folds)
    const matches: string[] = []
    let out = ''
    let last = 0
    for (const match of found) {
      // From the code point of the first `<` to the one that gave the last folded character: the
      // invisible characters inside the tag (folded to nothing) are part of it.
      const start = origin[match.index]!
      const end = origin[match.index + match[0].length - 1]! + 1
      const original = codePoints.slice(start, end)
      matches.push(original.join(''))
      out += codePoints.slice(last, start).join('') + original.map((char, index) => escapeBracket(char, folds[start + index]!)).join('')
      last = end
    }
    return { text: out + codePoints.slice(last).join(''), matches }
  }
}
