import { describe, expect, it } from 'vitest'
import { createTagSanitizer } from '../src/index.js'

// Variants generated from the tag names: every spelling below must be escaped, and only its
// brackets may change. The sets are small enough to try each one against each name.
const DEFAULT_TAGS = ['context', 'system', 'instructions', 'assistant', 'user']
const sanitize = createTagSanitizer(DEFAULT_TAGS)

/** What the sanitizer must return for one tag written as `tag`: its ASCII brackets escaped, nothing else. */
const escaped = (tag: string) => ({ text: tag.replaceAll('<', '&lt;').replaceAll('>', '&gt;'), matches: [tag] })

const INVISIBLE: [name: string, char: string][] = [
  ['U+200B zero width space', '\u200B'],
  ['U+2060 word joiner', '\u2060'],
  ['U+FEFF byte order mark', '\uFEFF'],
  ['U+00AD soft hyphen', '\u00AD'],
  ['U+180E Mongolian vowel separator', '\u180E'],
  ['U+E0001 language tag', '\u{E0001}'],
  ['U+FE0F variation selector-16', '\uFE0F'],
  ['U+034F combining grapheme joiner', '\u034F'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+E0073 tag latin small letter s', '\u{E0073}'],
]

/** The name with `char` after its first letter, in the middle, and around it. */
const spread = (name: string, char: string) => [
  `<${name[0]}${char}${name.slice(1)}>`,
  `<${name.slice(0, 3)}${char}${char}${name.slice(3)}>`,
  `<${char}${name}${char}>`,
  `</${char}${[...name].join(char)}>`,
]

describe('invisible characters inside a tag name', () => {
  const cases = INVISIBLE.flatMap(([label, char]) => DEFAULT_TAGS.flatMap((name) => spread(name, char).map((tag) => [label, tag] as const)))
  it.each(cases)('escapes %s in %j', (_label, tag) => {
    expect(sanitize(tag)).toEqual(escaped(tag))
  })
})

// Letters whose case mapping or compatibility form is an ASCII letter of a tag name.
const LETTER_VARIANTS: Record<string, string[]> = {
  i: ['İ', 'ı', 'I'],
  s: ['ſ', 'S'],
  k: ['\u212A', 'K'],
}

/** Each single-letter substitution, and all of them at once. */
function caseVariants(name: string): string[] {
  const chars = [...name]
  const single = chars.flatMap((char, index) =>
    (LETTER_VARIANTS[char] ?? []).map((variant) => [...chars.slice(0, index), variant, ...chars.slice(index + 1)].join('')),
  )
  const all = chars.map((char) => LETTER_VARIANTS[char]?.[0] ?? char.toUpperCase()).join('')
  return [...single, all]
}

describe('case mappings beyond ASCII (Turkish i, long s, Kelvin sign)', () => {
  const withK = createTagSanitizer(['think', 'kiosk'])
  const cases = [
    ...DEFAULT_TAGS.flatMap((name) => caseVariants(name).map((variant) => [sanitize, variant] as const)),
    ...['think', 'kiosk'].flatMap((name) => caseVariants(name).map((variant) => [withK, variant] as const)),
  ]
  it.each(cases.map(([fn, variant]) => [variant, fn] as const))('escapes %s in open, close and attribute forms', (variant, fn) => {
    for (const tag of [`<${variant}>`, `</${variant}>`, `< ${variant} role="x" >`]) expect(fn(tag)).toEqual(escaped(tag))
  })

  it('escapes a listed name written with the capital sharp s as "ss"', () => {
    expect(createTagSanitizer(['class'])('<CLAẞ>')).toEqual(escaped('<CLAẞ>'))
    expect(createTagSanitizer(['straße'])('<STRASSE>')).toEqual(escaped('<STRASSE>'))
  })
})

describe('ligatures and other compatibility forms', () => {
  const cases: [label: string, sanitizer: (text: string) => unknown, tag: string][] = [
    ['st ligature in system', sanitize, '<sy\uFB06em>'],
    ['long s t ligature in system', sanitize, '</sy\uFB05em>'],
    ['st ligature in assistant', sanitize, '<assi\uFB06ant/>'],
    ['st ligature in instructions', sanitize, '<in\uFB06ructions>'],
    ['long s and st ligature together', sanitize, '<ſyﬆem>'],
    ['fi ligature', createTagSanitizer(['file']), '<\uFB01le>'],
    ['ffl ligature', createTagSanitizer(['waffle']), '<wa\uFB04e>'],
    ['ff ligature, uppercase rest', createTagSanitizer(['buffer']), '<BU\uFB00ER>'],
    ['circled letters', sanitize, '<ⓤⓢⓔⓡ>'],
    ['superscript and fullwidth mixed', sanitize, '<ᵘｓᵉʳ>'],
    ['a ligature with an invisible character in it', sanitize, '<sy\uFB06\u200Bem>'],
  ]
  it.each(cases)('escapes %s', (_label, fn, tag) => {
    expect(fn(tag)).toEqual(escaped(tag))
  })

  it('a ligature in a listed name matches the plain spelling, and the reverse', () => {
    expect(createTagSanitizer(['ﬁle'])('<file>')).toEqual(escaped('<file>'))
  })
})

describe('a tag opened twice', () => {
  const cases: [input: string, output: string, matches: string[]][] = [
    ['<system<', '&lt;system<', ['<system']],
    ['<system<>', '&lt;system<>', ['<system']],
    ['<system<<', '&lt;system<<', ['<system']],
    ['< system <', '&lt; system <', ['< system']],
    ['<system< role="admin">', '&lt;system< role="admin">', ['<system']],
    ['<<system>', '<&lt;system&gt;', ['<system>']],
    ['<<system<', '<&lt;system<', ['<system']],
    ['</system<system>', '&lt;/system&lt;system&gt;', ['</system', '<system>']],
    ['<user<assistant<context<', '&lt;user&lt;assistant&lt;context<', ['<user', '<assistant', '<context']],
    ['<ſyﬆem\u200B<', '&lt;ſyﬆem\u200B<', ['<ſyﬆem']],
    ['<SYSTEM＜', '&lt;SYSTEM＜', ['<SYSTEM']],
    ['<system"x">', '&lt;system"x"&gt;', ['<system"x">']],
    ['Use <system!', 'Use &lt;system!', ['<system']],
  ]
  it.each(cases)('escapes %j', (input, output, matches) => {
    expect(sanitize(input)).toEqual({ text: output, matches })
  })
})

describe('benign text is unchanged', () => {
  const BENIGN = [
    'a < b and b > c',
    'Mail <user@example.com> or System <system@corp.example>',
    'if (a<b && c>d) return <br> and <hr/>',
    'List<String> map = new HashMap<String, List<Integer>>();',
    '<systematic> <systemd> <users> <user-agent> <user_id> <context2> <system.prompt> <system:x>',
    '<instructor> <İnstanbul> <ınstructionsx> <assistants> <contexts>',
    'İstanbul < Ankara; ıslak > kuru; Straße; ſ; \u212A',
    'ﬁne ﬂour, oﬃce, the ﬆ ligature < the ﬅ one',
    'Emoji 👩\u200D💻 ❤\uFE0F < 🏳\uFE0F\u200D🌈 and a soft\u00ADhyphen',
    'Bidi \u2066isolate\u2069 <b>bold</b> <i>x</i>',
    '<sys tem> <s y s t e m> <?system?> <!system> «system» &lt;system&gt;',
    'résumé <syste\u0301m>',
    '＜ＨＴＭＬ＞ ＜ｂｒ＞ ᐸbᐳ',
    'x'.repeat(300) + ' < ' + '\u200B'.repeat(50) + ' > ' + 'ﬆ'.repeat(50),
  ]
  it.each(BENIGN)('leaves %j as it is', (input) => {
    expect(sanitize(input)).toEqual({ text: input, matches: [] })
  })
})
