import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/blocks.js'
import { parseInline } from '../../src/markdown/inline.js'

const text = (value: string) => ({ type: 'text', text: value })

describe('parseInline', () => {
  it('reads strong, em and their underscore forms', () => {
    expect(parseInline('**a** *b* __c__ _d_ ***e***')).toEqual([
      { type: 'strong', children: [text('a')] },
      text(' '),
      { type: 'em', children: [text('b')] },
      text(' '),
      { type: 'strong', children: [text('c')] },
      text(' '),
      { type: 'em', children: [text('d')] },
      text(' '),
      { type: 'strong', children: [{ type: 'em', children: [text('e')] }] },
    ])
  })

  it('nests emphasis and leaves snake_case and lone markers alone', () => {
    expect(parseInline('*a **b** c*')).toEqual([
      { type: 'em', children: [text('a '), { type: 'strong', children: [text('b')] }, text(' c')] },
    ])
    expect(parseInline('snake_case_name and 2 * 3 * 4')).toEqual([text('snake_case_name and 2 * 3 * 4')])
    expect(parseInline('**unclosed')).toEqual([text('**unclosed')])
  })

  it('keeps code spans literal, whatever they contain', () => {
    expect(parseInline('run `npm i **x**` now')).toEqual([text('run '), { type: 'code', text: 'npm i **x**' }, text(' now')])
    expect(parseInline('``a ` b``')).toEqual([{ type: 'code', text: 'a ` b' }])
    expect(parseInline('`open')).toEqual([text('`open')])
  })

  it('turns line ends into breaks and honours backslash escapes', () => {
    expect(parseInline('one  \n  two')).toEqual([text('one'), { type: 'break' }, text('two')])
    expect(parseInline('\\*not em\\*')).toEqual([text('*not em*')])
  })

  it('reads links and bare URLs, without trailing punctuation', () => {
    expect(parseInline('[docs](https://example.com/a_(b)) and https://example.com/x.')).toEqual([
      { type: 'link', href: 'https://example.com/a_(b)', children: [text('docs')] },
      text(' and '),
      { type: 'link', href: 'https://example.com/x', children: [text('https://example.com/x')] },
      text('.'),
    ])
    expect(parseInline('[mail](mailto:a@example.com)')).toEqual([
      { type: 'link', href: 'mailto:a@example.com', children: [text('mail')] },
    ])
  })

  it('keeps the text of a link whose destination is refused', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([text('click')])
    expect(parseInline('[rel](/relative/path)')).toEqual([text('rel')])
  })
})

describe('parseMarkdown', () => {
  it('splits paragraphs on blank lines and keeps single line ends as breaks', () => {
    expect(parseMarkdown('one\ntwo\n\nthree')).toEqual([
      { type: 'paragraph', children: [text('one'), { type: 'break' }, text('two')] },
      { type: 'paragraph', children: [text('three')] },
    ])
  })

  it('reads fenced code, closed or still streaming', () => {
    expect(parseMarkdown('```js\nconst a = 1\n\nconst b = 2\n```\nafter')).toEqual([
      { type: 'code_block', text: 'const a = 1\n\nconst b = 2' },
      { type: 'paragraph', children: [text('after')] },
    ])
    expect(parseMarkdown('~~~\npartial')).toEqual([{ type: 'code_block', text: 'partial' }])
  })

  it('reads ordered and unordered lists, loose and nested', () => {
    expect(parseMarkdown('Steps:\n3. first\n   - detail\n4. second\n\n5. third')).toEqual([
      { type: 'paragraph', children: [text('Steps:')] },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [
            { type: 'paragraph', children: [text('first')] },
            { type: 'list', ordered: false, start: 1, items: [[{ type: 'paragraph', children: [text('detail')] }]] },
          ],
          [{ type: 'paragraph', children: [text('second')] }],
          [{ type: 'paragraph', children: [text('third')] }],
        ],
      },
    ])
  })

  it('ends a list at a marker of the other kind', () => {
    const blocks = parseMarkdown('- a\n1. b')
    expect(blocks.map((block) => block.type === 'list' && block.ordered)).toEqual([false, true])
  })

  it('makes headings bold paragraphs', () => {
    expect(parseMarkdown('## Title ##')).toEqual([{ type: 'paragraph', children: [{ type: 'strong', children: [text('Title')] }] }])
    expect(parseMarkdown('#hashtag')).toEqual([{ type: 'paragraph', children: [text('#hashtag')] }])
  })

  it('stays fast and shallow on hostile input', () => {
    const hostile = ['*a '.repeat(20_000), '['.repeat(20_000), '`'.repeat(5_000) + 'x ` '.repeat(5_000), '- '.repeat(10_000) + 'x', '_a'.repeat(20_000)]
    const started = performance.now()
    for (const source of hostile) expect(parseMarkdown(source).length).toBeGreaterThan(0)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
