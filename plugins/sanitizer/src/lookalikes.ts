/**
 * Characters that look like the ones a tag is made of but that no Unicode normalization maps to
 * them: other angle brackets and slashes, and the Cyrillic and Greek letters that look Latin.
 * Fullwidth and small forms (＜ ﹤ ／ ｓ) need no entry: NFKC maps them (see fold-for-matching.ts).
 */

const OPEN = '<\uFF1C\uFE64\u2039\u2329\u3008\u27E8\u02C2\u1438'
const CLOSE = '>\uFF1E\uFE65\u203A\u232A\u3009\u27E9\u02C3\u1433'
const SLASH = '/\uFF0F\u2215\u2044\u29F8'

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

/** The ASCII character `char` poses as (`<`, `>`, `/` or a lowercase letter), if it is a listed look-alike. */
export function lookalike(char: string): string | undefined {
  if (OPEN.includes(char)) return '<'
  if (CLOSE.includes(char)) return '>'
  if (SLASH.includes(char)) return '/'
  return LETTERS[char]
}
