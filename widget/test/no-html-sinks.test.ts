import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../src', import.meta.url))
const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.(ts|svelte)$/.test(file))

// Model text reaches the page only as text nodes and vetted attributes: no source file may
// use an API that parses HTML.
const SINKS = /innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser|\{@html/

describe('HTML sinks', () => {
  it('finds the sources to check', () => {
    expect(files).toContain(join('element', 'ChatbotWidget.svelte'))
    expect(files.length).toBeGreaterThan(20)
  })

  it.each(files)('%s parses no HTML', (file) => {
    expect(readFileSync(join(src, file), 'utf8')).not.toMatch(SINKS)
  })
})
