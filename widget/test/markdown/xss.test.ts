import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/blocks.js'
import type { Block, Inline } from '../../src/markdown/nodes.js'
import { renderBlocks } from '../../src/markdown/render.js'
import { asDom, elementsOf, fakeDocument, outline, type FakeNode } from '../helpers/fake-dom.js'

// Hostile replies a model could be talked into writing. None may yield a tag, an attribute or a
// link scheme outside the allowlist; their text may show, as text.
const CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg/onload=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](java\nscript:alert(1))',
  '[x](java\u0000script:alert(1))',
  '[x](\u0001javascript:alert(1))',
  '[x](javascript&#58;alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;avascript:alert(1))',
  '[x](%6A%61%76%61script:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](VBScript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](DATA:text/html,<script>alert(1)</script>)',
  '[x](file:///etc/passwd)',
  '[x](//evil.example/x)',
  '[x](https:javascript:alert(1))',
  '[x](javascript://example.com/%0Aalert(1))',
  '<javascript:alert(1)>',
  'javascript:alert(1)',
  '[x](https://ok.example/" onmouseover="alert(1))',
  '[x](https://ok.example/"onmouseover="alert(1)")',
  '[<img src=x onerror=alert(1)>](https://ok.example/)',
  '[[x](javascript:alert(1))](https://ok.example/)',
  '[x](https://ok.example/)(javascript:alert(1))',
  '**[x](javascript:alert(1))**',
  '*<script>alert(1)</script>*',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n```',
  '- <b onclick=alert(1)>x</b>\n  1. [y](vbscript:x)',
  '# <h1 onclick=alert(1)>title</h1>',
  '\\<script\\>alert(1)\\</script\\>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  'https://ok.example/<script>alert(1)</script>',
  'https://ok.example/"onmouseover="alert(1)',
]

const ALLOWED: Record<string, string[]> = {
  P: [],
  BR: [],
  STRONG: [],
  EM: [],
  CODE: [],
  PRE: ['tabindex'],
  UL: [],
  OL: ['start'],
  LI: [],
  A: ['href', 'rel', 'target'],
}

function linksOf(nodes: (Block | Inline)[]): string[] {
  return nodes.flatMap((node) => {
    if (node.type === 'link') return [node.href, ...linksOf(node.children)]
    if (node.type === 'list') return node.items.flatMap(linksOf)
    return 'children' in node ? linksOf(node.children) : []
  })
}

describe('Markdown against an XSS corpus', () => {
  it.each(CORPUS)('%j yields only allowlisted links in the tree', (source) => {
    for (const href of linksOf(parseMarkdown(source))) {
      expect(href).toMatch(/^(https?:\/\/|mailto:)/)
      expect(() => new URL(href)).not.toThrow()
      expect(href).not.toMatch(/[\s"'<>]/)
    }
  })

  it.each(CORPUS)('%j renders only allowlisted tags and attributes', (source) => {
    const doc = fakeDocument()
    const nodes = renderBlocks(parseMarkdown(source), asDom(doc)) as unknown as FakeNode[]
    for (const element of nodes.flatMap(elementsOf)) {
      expect(Object.keys(ALLOWED)).toContain(element.nodeName)
      for (const name of element.attributes.keys()) expect(ALLOWED[element.nodeName]).toContain(name)
      if (element.nodeName === 'A') {
        expect(element.getAttribute('rel')).toBe('noopener noreferrer')
        expect(element.getAttribute('target')).toBe('_blank')
      }
    }
  })

  it('shows HTML in replies and code blocks as text', () => {
    const doc = fakeDocument()
    const html = (source: string) => (renderBlocks(parseMarkdown(source), asDom(doc)) as unknown as FakeNode[]).map(outline).join('')
    expect(html('<script>alert(1)</script>')).toBe('<p><script>alert(1)</script></p>')
    expect(html('```\n<img src=x onerror=alert(1)>\n```')).toBe('<pre tabindex="0"><code><img src=x onerror=alert(1)></code></pre>')
    // The outline prints text unescaped: the point is that no IMG element exists.
    const nodes = renderBlocks(parseMarkdown('<img src=x onerror=alert(1)>'), asDom(doc)) as unknown as FakeNode[]
    expect(nodes.flatMap(elementsOf).map((element) => element.nodeName)).toEqual(['P'])
  })

  it('keeps a link whose destination is safe, normalised', () => {
    expect(linksOf(parseMarkdown('[x](HTTPS://Example.com/a?b=1#c)'))).toEqual(['https://example.com/a?b=1#c'])
  })
})
