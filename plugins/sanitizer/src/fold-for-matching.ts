import { lookalike } from './lookalikes.js'

/**
 * Folding for matching only; the text that reaches the model is never rewritten this way. Each code
 * point folds on its own, to zero, one or several characters, so a match in the folded text maps
 * back to whole code points of the original:
 * 1. listed look-alikes (other brackets and slashes, Cyrillic and Greek letters) to ASCII;
 * 2. NFKC: fullwidth ＜ｓｙｓｔｅｍ＞, mathematical 𝐬𝐲𝐬𝐭𝐞𝐦, circled ⓢ, ligatures ﬆ → st, ſ → s, K (Kelvin sign) → K;
 * 3. case, with the mappings that `toLowerCase()` alone misses (see `foldCase`);
 * 4. invisible characters to nothing: every Default_Ignorable_Code_Point (zero-width characters,
 *    soft hyphen, variation selectors, tag characters, U+034F, U+180E, Hangul fillers…) and every
 *    other format character (\p{Cf}: bidi controls, U+E0001…), by property rather than by list.
 */
export interface FoldedText {
  /** The original text, one entry per code point. */
  codePoints: string[]
  /** What each code point folded to (often `''` or several characters). */
  folds: string[]
  /** The folds joined: the text the matcher runs on. */
  folded: string
}

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu
const ASCII = /^[\0-\x7F]*$/

/**
 * JavaScript has no full case folding, so this tries the mappings it has, in order, and keeps the
 * first that lands in ASCII (what a look-alike of an ASCII tag name aims at): lowercase; lowercase
 * of the uppercase, which gives full folding's expansions and the letters whose only ASCII relative
 * is their capital (ı → I → i, ẞ → ß → SS → ss); and the Turkish lowercase, the one locale-specific
 * mapping that reaches ASCII (İ → i, where the root lowercase is i + U+0307). Anything else keeps its
 * lowercase, so a listed name outside ASCII still matches itself in either case.
 */
function foldCase(text: string): string {
  const lower = text.toLowerCase()
  if (ASCII.test(lower)) return lower
  for (const candidate of [lower.toUpperCase().toLowerCase(), text.toLocaleLowerCase('tr')]) {
    if (ASCII.test(candidate)) return candidate
  }
  return lower
}

function foldOne(char: string): string {
  const mapped = lookalike(char)
  if (mapped) return mapped
  const folded = foldCase(char.normalize('NFKC'))
  return Array.from(folded, (part) => lookalike(part) ?? part)
    .join('')
    .replace(INVISIBLE, '')
}

// Text in a script other than Latin goes through the slow path one code point at a time; the
// characters a text uses repeat, so their folds are kept. Starting over when full bounds memory on
// hostile input (every code point different) and lets the characters in use come back.
const CACHE_LIMIT = 4096
const cache = new Map<string, string>()

const ASCII_FOLDS = Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code).toLowerCase())

function fold(char: string): string {
  const code = char.charCodeAt(0)
  if (code < 0x80) return ASCII_FOLDS[code]!
  let folded = cache.get(char)
  if (folded === undefined) {
    folded = foldOne(char)
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(char, folded)
  }
  return folded
}

/** Folds `text` for matching. */
export function foldForMatching(text: string): FoldedText {
  const codePoints = Array.from(text)
  const folds = codePoints.map(fold)
  return { codePoints, folds, folded: folds.join('') }
}

/** The way back: for each UTF-16 unit of the folded text, the index of the code point it came from. */
export function originOf(folds: readonly string[]): number[] {
  const origin: number[] = []
  folds.forEach((folded, index) => {
    for (let unit = 0; unit < folded.length; unit++) origin.push(index)
  })
  return origin
}
