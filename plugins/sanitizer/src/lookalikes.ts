/**
 * Folding for matching only: each code point of the text becomes exactly one character, so a
 * match in the folded text maps back to the same code points of the original. Folded: case,
 * compatibility forms (NFKC: fullwidth ＜ｓｙｓｔｅｍ＞, mathematical 𝐬𝐲𝐬𝐭𝐞𝐦), the Cyrillic and Greek
 * letters that look Latin, bracket and slash look-alikes, and invisible characters (to `\u200B`).
 */

const OPEN = '<\uFF1C\uFE64\u2039\u2329\u3008\u27E8\u02C2\u1438'
const CLOSE = '>\uFF1E\uFE65\u203A\u232A\u3009\u27E9\u02C3\u1433'
const SLASH = '/\uFF0F\u2215\u2044\u29F8'
const INVISIBLE = '\u200B\u200C\u200D\u2060\uFEFF\u00AD'

// Latin look-alikes, upper and lower case (Cyrillic first, then Greek).
const LETTERS: Record<string, string> = {
  а: 'a', А: 'a', В: 'b', с: 'c', С: 'c', ԁ: 'd', е: 'e', Е: 'e', һ: 'h', Н: 'h', і: 'i', І: 'i',
  ј: 'j', Ј: 'j', к: 'k', К: 'k', М: 'm', о: 'o', О: 'o', р: 'p', Р: 'p', ԛ: 'q', ѕ: 's', Ѕ: 's',
  Т: 't', у: 'y', Ү: 'y', х: 'x', Х: 'x', ԝ: 'w',
  α: 'a', Α: 'a', Β: 'b', ε: 'e', Ε: 'e', Η: 'h', ι: 'i', Ι: 'i', κ: 'k', Κ: 'k', Μ: 'm', ν: 'v', Ν: 'n',
  ο: 'o', Ο: 'o', ρ: 'p', Ρ: 'p', τ: 't', Τ: 't', υ: 'u', Υ: 'y', χ: 'x', Χ: 'x', Ζ: 'z',
}

const ANY_OPEN = new RegExp(`[${OPEN}]`)

/** Every tag starts with one of these (NFKC maps only listed ones to `<`): text without any needs no folding. */
export function hasOpenBracket(text: string): boolean {
  return ANY_OPEN.test(text)
}

/** Code points that fold to nothing we match (unmapped astral characters). */
const OTHER = '\uFFFD'

function foldOne(char: string): string {
  if (char.length === 1 && char.charCodeAt(0) < 0x80) return char.toLowerCase()
  if (OPEN.includes(char)) return '<'
  if (CLOSE.includes(char)) return '>'
  if (SLASH.includes(char)) return '/'
  if (INVISIBLE.includes(char)) return '\u200B'
  const letter = LETTERS[char]
  if (letter) return letter
  const compatible = char.normalize('NFKC').toLowerCase()
  if (compatible.length === 1) return LETTERS[compatible] ?? compatible
  return char.length === 1 ? char : OTHER
}

/** The text's code points, and the folded text: one UTF-16 unit per code point. */
export function foldForMatching(text: string): { codePoints: string[]; folded: string } {
  const codePoints = Array.from(text)
  return { codePoints, folded: codePoints.map(foldOne).join('') }
}
