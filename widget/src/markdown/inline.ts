import { safeHref } from './links.js'
import { MAX_DEPTH, type Inline } from './nodes.js'

const ESCAPABLE = /[!-/:-@[-`{-~]/
const WORD = /[\p{L}\p{N}]/u
const SPACE = /\s/
const AUTOLINK = /<((?:https?|mailto):[^\s<>]*)>/iy
const BARE_URL = /https?:\/\/[^\s<>]+/iy
// Punctuation that ends a sentence rather than a bare URL.
const URL_TAIL = /[.,:;!?'"*_~]+$/

/**
 * Parses the inline markup of one paragraph: code spans, links (`[text](url)`, `<url>`, bare
 * http(s) URLs), `**strong**`/`__strong__`, `*em*`/`_em_`, backslash escapes, and line breaks.
 * Unmatched markup stays literal text. Every search for a closer remembers where it failed,
 * so hostile input stays linear per nesting level instead of quadratic.
 */
export function parseInline(text: string, depth = 0, inLink = false): Inline[] {
  if (depth >= MAX_DEPTH) return text ? [{ type: 'text', text }] : []
  const out: Inline[] = []
  const failedFrom = new Map<string, number>()
  let buffer = ''
  let i = 0

  const push = (node: Inline) => {
    if (buffer) out.push({ type: 'text', text: buffer })
    buffer = ''
    out.push(node)
  }
  const search = (key: string, from: number, find: (from: number) => number): number => {
    if (from >= (failedFrom.get(key) ?? Infinity)) return -1
    const found = find(from)
    if (found === -1) failedFrom.set(key, from)
    return found
  }

  while (i < text.length) {
    const char = text[i]!
    const next = text[i + 1] ?? ''
    if (char === '\\' && (next === '\n' || ESCAPABLE.test(next))) {
      if (next !== '\n') buffer += next
      i += next === '\n' ? 1 : 2
      continue
    }
    if (char === '\n') {
      buffer = buffer.replace(/[ \t]+$/, '')
      push({ type: 'break' })
      i += 1
      while (text[i] === ' ' || text[i] === '\t') i += 1
      continue
    }
    if (char === '`') {
      const run = runLength(text, i)
      const close = search(`\`${run}`, i + run, (from) => findRun(text, '`', run, from, false))
      if (close === -1) {
        buffer += text.slice(i, i + run)
        i += run
        continue
      }
      push({ type: 'code', text: trimCode(text.slice(i + run, close)) })
      i = close + run
      continue
    }
    if (char === '*' || char === '_') {
      const run = runLength(text, i)
      const size = run >= 4 ? 0 : run
      const opens = size > 0 && !SPACE.test(text[i + size] ?? ' ') && (char === '*' || !WORD.test(text[i - 1] ?? ''))
      const close = opens
        ? search(`${char}${size}`, i + size, (from) => findEmphasisClose(text, char, size, from))
        : -1
      if (close === -1) {
        // A run of three may still open a strong span one character later.
        const literal = size === 3 ? 1 : run
        buffer += text.slice(i, i + literal)
        i += literal
        continue
      }
      const children = parseInline(text.slice(i + size, close), depth + 1, inLink)
      push(
        size === 1
          ? { type: 'em', children }
          : size === 2
            ? { type: 'strong', children }
            : { type: 'strong', children: [{ type: 'em', children }] },
      )
      i = close + size
      continue
    }
    if (!inLink && char === '[') {
      const link = readLink(text, i)
      if (link) {
        const children = parseInline(link.label, depth + 1, true)
        const href = safeHref(link.destination)
        if (href) push({ type: 'link', href, children })
        else for (const child of children) push(child)
        i = link.end
        continue
      }
    }
    if (!inLink && (char === '<' || char === 'h' || char === 'H')) {
      const url = char === '<' ? matchAt(AUTOLINK, text, i) : !WORD.test(text[i - 1] ?? '') ? matchAt(BARE_URL, text, i) : null
      const destination = url && (char === '<' ? url[1]! : trimUrl(url[0]))
      const href = destination ? safeHref(destination) : null
      if (destination && href) {
        push({ type: 'link', href, children: [{ type: 'text', text: destination }] })
        i += char === '<' ? url[0].length : destination.length
        continue
      }
    }
    buffer += char
    i += 1
  }
  if (buffer) out.push({ type: 'text', text: buffer })
  return out
}

function runLength(text: string, at: number): number {
  let end = at
  while (text[end] === text[at]) end += 1
  return end - at
}

/** The next run of exactly `size` (or, when `atLeast`, at least `size`) `char`s at or after `from`. */
function findRun(text: string, char: string, size: number, from: number, atLeast: boolean): number {
  for (let at = text.indexOf(char, from); at !== -1; ) {
    const run = runLength(text, at)
    if (run === size || (atLeast && run > size)) return at
    at = text.indexOf(char, at + run)
  }
  return -1
}

/** A closer is preceded by non-space, and for `_` not followed by a letter or digit (`snake_case` stays). */
function findEmphasisClose(text: string, char: string, size: number, from: number): number {
  for (let at = findRun(text, char, size, from + 1, size > 1); at !== -1; at = findRun(text, char, size, at + 1, size > 1)) {
    const before = text[at - 1] ?? ' '
    const after = text[at + size] ?? ' '
    if (!SPACE.test(before) && (char === '*' || !WORD.test(after))) return at
  }
  return -1
}

/** `[label](destination)`; the label holds no brackets and the destination no spaces, keeping the scan linear. */
function readLink(text: string, at: number): { label: string; destination: string; end: number } | null {
  const close = text.indexOf(']', at + 1)
  const reopen = text.indexOf('[', at + 1)
  if (close === -1 || (reopen !== -1 && reopen < close) || text[close + 1] !== '(') return null
  let end = close + 2
  let depth = 0
  for (; end < text.length; end++) {
    const char = text[end]!
    if (SPACE.test(char)) return null
    if (char === '(') depth += 1
    else if (char === ')' && depth-- === 0) break
  }
  if (end >= text.length) return null
  return { label: text.slice(at + 1, close), destination: text.slice(close + 2, end), end: end + 1 }
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at
  return pattern.exec(text)
}

/** Drops sentence punctuation after a bare URL, and a closing parenthesis it did not open. */
function trimUrl(url: string): string {
  let trimmed = url.replace(URL_TAIL, '')
  while (trimmed.endsWith(')') && count(trimmed, '(') < count(trimmed, ')')) trimmed = trimmed.slice(0, -1).replace(URL_TAIL, '')
  return trimmed
}

const count = (text: string, char: string) => text.split(char).length - 1

/** CommonMark strips one space from each side of a code span that has both, so `` ` `` `` works. */
function trimCode(code: string): string {
  return code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() ? code.slice(1, -1) : code
}
