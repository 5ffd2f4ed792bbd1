import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../src', import.meta.url))
const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.(ts|svelte)$/.test(file))
const source = (file: string) => readFileSync(join(src, file), 'utf8')

// Model text reaches the page only as text nodes and vetted attributes, so no source file may
// use an API that parses HTML; and the widget reads no cookie in script (contract §6).
const HTML_SINKS = /innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser|\{@html/
const COOKIES = /document\.cookie|cookieStore/
// A host page may serve `Content-Security-Policy: default-src 'self'; script-src 'self';
// style-src 'self'` (docs/security.md). That blocks <style> elements and style attributes
// (styles go through the adopted stylesheet; CSSOM calls such as `style.setProperty` are
// allowed), inline event-handler attributes, and eval.
const INLINE_STYLES = /<style|createElement\(\s*['"`]style|setAttribute\(\s*['"`]style|\sstyle[=:]/
const INLINE_HANDLERS = /setAttribute\(\s*['"`]on|\son[a-z]+=["']/
const EVAL = /\beval\(|new Function\b|set(Timeout|Interval)\(\s*['"`]/

describe('source rules', () => {
  it('finds the sources to check', () => {
    expect(files).toContain(join('element', 'ChatbotWidget.svelte'))
    expect(files.length).toBeGreaterThan(20)
  })

  it.each(files)('%s parses no HTML and reads no cookie', (file) => {
    expect(source(file)).not.toMatch(HTML_SINKS)
    expect(source(file)).not.toMatch(COOKIES)
  })

  it.each(files)('%s needs nothing a strict CSP forbids: no inline style or handler, no eval', (file) => {
    expect(source(file)).not.toMatch(INLINE_STYLES)
    expect(source(file)).not.toMatch(INLINE_HANDLERS)
    expect(source(file)).not.toMatch(EVAL)
  })
})
