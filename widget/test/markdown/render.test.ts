import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/blocks.js'
import { renderBlocks } from '../../src/markdown/render.js'
import { asDom, fakeDocument, outline, type FakeNode } from '../helpers/fake-dom.js'

const html = (source: string) => (renderBlocks(parseMarkdown(source), asDom(fakeDocument())) as unknown as FakeNode[]).map(outline).join('')

describe('renderBlocks', () => {
  it('maps each node type to its one tag', () => {
    expect(html('a **b** *c* `d`\ne')).toBe('<p>a <strong>b</strong> <em>c</em> <code>d</code><br></br>e</p>')
    expect(html('```\nx\n```')).toBe('<pre tabindex="0"><code>x</code></pre>')
    expect(html('- a\n- b')).toBe('<ul><li><p>a</p></li><li><p>b</p></li></ul>')
  })

  it('numbers an ordered list from its first number', () => {
    expect(html('1. a')).toBe('<ol><li><p>a</p></li></ol>')
    expect(html('4. a')).toBe('<ol start="4"><li><p>a</p></li></ol>')
  })

  it('opens links in a new tab without an opener or referrer', () => {
    expect(html('[a](https://example.com)')).toBe(
      '<p><a href="https://example.com/" rel="noopener noreferrer" target="_blank">a</a></p>',
    )
  })
})
