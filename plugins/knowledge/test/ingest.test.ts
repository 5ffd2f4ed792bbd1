import { describe, expect, it } from 'vitest'
import { chunkDocument, MAX_CHUNK_BYTES } from '../src/ingest/chunk.js'
import { documentUrl } from '../src/ingest/document-url.js'
import { parseHtml } from '../src/ingest/html.js'
import { parseMarkdown } from '../src/ingest/markdown.js'
import { isPrivateAddress } from '../src/fetch/address-policy.js'

describe('document URLs (contract §11.1)', () => {
  it.each([
    ['https://x.dev/docs/', 'guide/index.md', 'https://x.dev/docs/guide'],
    ['https://x.dev/docs/', 'guide/setup.md', 'https://x.dev/docs/guide/setup'],
    ['https://x.dev/docs/', 'index.md', 'https://x.dev/docs/'],
    ['https://x.dev/docs', 'faq.html', 'https://x.dev/docs/faq'],
    ['https://x.dev/', 'a b/c.txt', 'https://x.dev/a%20b/c'],
  ])('%s + %s → %s', (base, path, url) => {
    expect(documentUrl(base, path)).toBe(url)
  })

  it('is null without baseUrl', () => {
    expect(documentUrl(undefined, 'guide/index.md')).toBeNull()
  })
})

describe('Markdown', () => {
  it('takes the title from the front matter, cuts at headings outside code fences, anchors by slug or explicit id', () => {
    const parsed = parseMarkdown('---\ntitle: "Returns: the rules"\ntags: [a, b]\n---\nIntro.\n\n# Returns\n## Return `window`\nThirty days.\n```sh\n# not a heading\n```\n## Fees {#costs}\nNone.\n## Fees\nAgain.\n', 'returns')
    expect(parsed.title).toBe('Returns: the rules')
    expect(parsed.sections).toEqual([
      { heading: null, fragment: null, text: 'Intro.' },
      { heading: 'Returns', fragment: 'returns', text: '' },
      { heading: 'Return window', fragment: 'return-window', text: 'Thirty days.\n```sh\n# not a heading\n```' },
      { heading: 'Fees', fragment: 'costs', text: 'None.' },
      { heading: 'Fees', fragment: 'fees', text: 'Again.' },
    ])
  })

  it('falls back to the first # heading, then the file name; a malformed front matter throws', () => {
    expect(parseMarkdown('Text\n# Title here\nMore', 'file').title).toBe('Title here')
    expect(parseMarkdown('Just text', 'file').title).toBe('file')
    expect(() => parseMarkdown('---\ntitle: [unclosed\n---\nBody', 'file')).toThrow()
  })
})

describe('HTML', () => {
  it('keeps <main> without script, style, nav, header or footer, titled by <title>, anchored by heading ids', () => {
    const parsed = parseHtml(
      '<html><head><title>Shipping | Acme</title><script>track()</script></head><body><header>Logo</header><nav>Menu</nav><p>Outside main</p><main><h1>Shipping</h1><p>We ship <b>fast</b>.</p><h2 id="intl">International</h2><p>30 countries.</p><style>p{}</style><h2><a name="fees"></a>Fees</h2><ul><li>One</li><li>Two</li></ul></main><footer>Legal</footer></body></html>',
      'fallback',
    )
    expect(parsed.title).toBe('Shipping | Acme')
    expect(parsed.sections).toEqual([
      { heading: 'Shipping', fragment: null, text: 'We ship fast.' },
      { heading: 'International', fragment: 'intl', text: '30 countries.' },
      { heading: 'Fees', fragment: 'fees', text: 'One\nTwo' },
    ])
  })

  it('uses <article> without <main>, the body without either, and the first <h1> without <title>', () => {
    expect(parseHtml('<body><nav>x</nav><article><h1>Guide</h1><p>Body</p></article><aside>Side</aside></body>', 'f')).toEqual({ title: 'Guide', sections: [{ heading: 'Guide', fragment: null, text: 'Body' }] })
    expect(parseHtml('<p>Plain page</p>', 'page').sections).toEqual([{ heading: null, fragment: null, text: 'Plain page' }])
  })
})

describe('chunks', () => {
  it('follow the headings, keep title and anchored URL, and stay within the bound without cutting words', () => {
    const long = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ')
    const chunks = chunkDocument({ title: 'T', sections: [{ heading: 'A', fragment: 'a', text: 'Short.' }, { heading: 'Empty', fragment: 'e', text: '' }, { heading: 'B', fragment: null, text: long }] }, 'https://x.dev/page')
    expect(chunks[0]).toEqual({ title: 'T', heading: 'A', url: 'https://x.dev/page#a', text: 'Short.' })
    expect(chunks.slice(1).every((chunk) => chunk.heading === 'B' && chunk.url === 'https://x.dev/page')).toBe(true)
    expect(chunks.length).toBeGreaterThan(2)
    for (const chunk of chunks) expect(Buffer.byteLength(chunk.text)).toBeLessThanOrEqual(MAX_CHUNK_BYTES)
    expect(chunks.slice(1).map((chunk) => chunk.text).join(' ')).toBe(long)
  })
})

describe('addresses a source may not reach without allowPrivateNetwork', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '224.0.0.1'])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true)
  })

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false)
  })
})
