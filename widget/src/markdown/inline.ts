import { safeHref } from './links.js'
import { MAX_DEPTH, type Inline } from './nodes.js'

const ESCAPABLE = /[!-/:-@[-`{-~]/
const WORD = /[\p{L}\p{N}]/u
const SPACE = /\s/
const BARE_URL = /https?:\/\/[^\s<>]+/iy

/**
 * Parses the inline markup of one paragraph: code spans, links (`[text](url)` and bare
 * http(s) URLs), `**strong**`/`__strong__`, `*em*`/`_em_`, backslash escapes, and line breaks.
 * Unmatched markup stays literal text. Each search for a closer remembers where it failed,
 * so hostile input stays linear per nesting level instead of quadratic.
 */
export function parseInline(text: string, depth = 0, inLink = false): Inline[] {
  if (depth >= MAX_DEPTH) return [{ type: 'text', text }]
  const out: Inline[] = []
  const failedFrom = new Map<string, number>()
  let buffer = ''
  let i = 0

  const push = (...nodes: Inline[]) => {
    if (buffer) out.push({ type: 'text', text: buffer })
    buffer = ''
    out.push(...nodes)
  }
  const closer = (key: string, from: number, find: (from: number) => number): number => {
    if (from >= (failedFrom.get(key) ?? Infinity)) return -1
    const found = find(from)
    if (found < 0) failedFrom.set(key, from)
    return found
  }

  while (i < text.length) {
    const char = text[i]!
    const next = text[i + 1] ?? ''
    if (char === '\\' && ESCAPABLE.test(next)) {
      buffer += next
      i += 2
    } else if (char === '\n') {
      buffer = buffer.trimEnd()
      push({ type: 'break' })
      while (text[++i] === ' ');
    } else if (char === '`') {
      const run = runLength(text, i)
      const close = closer('`' + run, i + run, (from) => findRun(text, i, from, run))
      if (close < 0) buffer += text.slice(i, i + run)
      else push({ type: 'code', text: text.slice(i + run, close) })
      i = close < 0 ? i + run : close + run
    } else if (char === '*' || char === '_') {
      const run = runLength(text, i)
      const size = run > 3 ? 0 : run
      // An opener is followed by non-space; `_` also must not sit inside a word (snake_case).
      const opens = size > 0 && !SPACE.test(text[i + size] ?? ' ') && (char === '*' || !WORD.test(text[i - 1] ?? ''))
      const close = opens ? closer(char + size, i + size, (from) => findEmphasisClose(text, i, from, size)) : -1
      if (close < 0) {
        // A run of three may still open a strong span one character later.
        const literal = size === 3 ? 1 : run
        buffer += text.slice(i, i + literal)
        i += literal
      } else {
        const children = parseInline(text.slice(i + size, close), depth + 1, inLink)
        const em: Inline = { type: 'em', children }
        push(size === 1 ? em : { type: 'strong', children: size === 2 ? children : [em] })
        i = close + size
      }
    } else if (!inLink && char === '[' && readLink(text, i)) {
      const link = readLink(text, i)!
      const children = parseInline(link.label, depth + 1, true)
      const href = safeHref(link.destination)
      // A link with a refused destination keeps its text, not its URL.
      const nodes: Inline[] = href ? [{ type: 'link', href, children }] : children
      push(...nodes)
      i = link.end
    } else if (!inLink && (char === 'h' || char === 'H') && !WORD.test(text[i - 1] ?? '') && matchUrl(text, i)) {
      const url = matchUrl(text, i)!
      push({ type: 'link', href: safeHref(url)!, children: [{ type: 'text', text: url }] })
      i += url.length
    } else {
      buffer += char
      i += 1
    }
  }
  push()
  return out
}

function runLength(text: string, at: number): number {
  let end = at
  while (text[end] === text[at]) end += 1
  return end - at
}

/**
 * The next run of `text[at]` at or after `from` that is exactly `size` long, or for emphasis
 * closers (`atLeast`) at least `size` long.
 */
function findRun(text: string, at: number, from: number, size: number, atLeast = false): number {
  for (let found = text.indexOf(text[at]!, from); found >= 0; ) {
    const run = runLength(text, found)
    if (run === size || (atLeast && run > size)) return found
    found = text.indexOf(text[at]!, found + run)
  }
  return -1
}

/** A closer follows non-space; for `_` it is not followed by a letter or digit. */
function findEmphasisClose(text: string, at: number, from: number, size: number): number {
  for (let found = findRun(text, at, from + 1, size, size > 1); found >= 0; found = findRun(text, at, found + 1, size, size > 1)) {
    if (!SPACE.test(text[found - 1]!) && (text[at] === '*' || !WORD.test(text[found + size] ?? ''))) return found
  }
  return -1
}

/** `[label](destination)`; the label holds no brackets and the destination no spaces, keeping the scan linear. */
function readLink(text: string, at: number): { label: string; destination: string; end: number } | null {
  const close = text.indexOf(']', at + 1)
  const reopen = text.indexOf('[', at + 1)
  if (close < 0 || (reopen >= 0 && reopen < close) || text[close + 1] !== '(') return null
  let depth = 0
  for (let end = close + 2; end < text.length && !SPACE.test(text[end]!); end++) {
    if (text[end] === '(') depth += 1
    else if (text[end] === ')' && depth-- === 0) return { label: text.slice(at + 1, close), destination: text.slice(close + 2, end), end: end + 1 }
  }
  return null
}

/** A bare URL, without the sentence punctuation after it (a `)` stays when the URL opened one). */
function matchUrl(text: string, at: number): string | null {
  BARE_URL.lastIndex = at
  const match = BARE_URL.exec(text)?.[0] ?? ''
  const url = match.replace(/[.,:;!?'"*_~)]+$/, (tail) => (match.includes('(') ? tail.replace(/[^)]/g, '') : ''))
  return safeHref(url) ? url : null
}
