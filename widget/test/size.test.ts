import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { GZIP_BUDGET_BYTES, measure } from '../build/size-budget.js'

const bundle = fileURLToPath(new URL('../dist/widget.js', import.meta.url))

describe('dist/widget.js', () => {
  it('fits the 25 KB gzip budget', (context) => {
    context.skip(!existsSync(bundle), 'dist/widget.js is not built: run `npx vite build` in widget/ first')
    const { gzip } = measure(readFileSync(bundle))
    expect(gzip).toBeLessThanOrEqual(GZIP_BUDGET_BYTES)
  })

  it('is one self-contained ES module with its styles inside; it imports only handoff.js and attachments.js, and only on demand', (context) => {
    context.skip(!existsSync(bundle), 'dist/widget.js is not built: run `npx vite build` in widget/ first')
    const code = readFileSync(bundle, 'utf8')
    expect(code).not.toMatch(/\bimport\s*[\s{*"']/)
    expect(code.match(/\bimport\(/g)).toHaveLength(1)
    // One dynamic import, of `<endpoint><name>.js` for each module the element's attributes ask for.
    expect(code).toMatch(/\[`handoff`,`attachments`\]/)
    expect(code).toMatch(/\+`\.js`/)
    expect(code).toContain('--chatbot-accent')
    expect(code).toContain('chatbot-widget')
  })

  it('adopts its styles as a constructable stylesheet: no <style> element, which a strict CSP blocks', (context) => {
    context.skip(!existsSync(bundle), 'dist/widget.js is not built: run `npx vite build` in widget/ first')
    const code = readFileSync(bundle, 'utf8')
    expect(code).toContain('adoptedStyleSheets')
    // Svelte's injected CSS (`css: 'injected'`) ships as `{ hash: 'svelte-…', code }` for a style element.
    expect(code).not.toMatch(/hash:\s*[`'"]svelte-|createElement\(\s*[`'"]style|<style/)
    expect(code).not.toMatch(/\beval\(|new Function\b/)
  })
})

// The modules widget.js imports on the channels that use them, each with a text of its UI.
for (const [name, text, what] of [
  ['handoff.js', 'Talk to a person', 'the handoff UI'],
  ['attachments.js', 'Attach files', 'the attach UI'],
] as const) {
  const module = fileURLToPath(new URL(`../dist/${name}`, import.meta.url))
  describe(`dist/${name}`, () => {
    it(`is one self-contained ES module exporting ${what}, its styles adopted, no eval, no HTML parsing`, (context) => {
      context.skip(!existsSync(module), `dist/${name} is not built: run \`npm run build\` in widget/ first`)
      const code = readFileSync(module, 'utf8')
      expect(code).not.toMatch(/\bimport\s*[\s{*"'(]/)
      expect(code).toMatch(/export\s*\{/)
      expect(code).toContain('adoptedStyleSheets')
      expect(code).toContain(text)
      expect(code).not.toMatch(/\beval\(|new Function\b|<style|innerHTML/)
    })
  })
}
