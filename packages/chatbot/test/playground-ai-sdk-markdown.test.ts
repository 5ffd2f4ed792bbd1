import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../../playground/ai-sdk/src/lib/markdown.js'

// The AI SDK example renders replies from this data with text bindings only: the parse decides
// what can become an element, and a link's href is the one place a reply reaches an attribute.
describe('the AI SDK example’s Markdown subset', () => {
  it('parses paragraphs, headings, lists, fenced code and inline bold, italic, code and http(s) links', () => {
    const source = '## Order\nPut a key from [OpenAI](https://platform.openai.com/api-keys) in `.env`, *now*.\n\n- **Status:** shipped\n- two\n1. first\n```\nCHATBOT_API_KEY=sk-…\n```'
    expect(parseMarkdown(source)).toEqual([
      { kind: 'h', inlines: [{ kind: 'text', text: 'Order' }] },
      {
        kind: 'p',
        inlines: [
          { kind: 'text', text: 'Put a key from ' },
          { kind: 'link', text: 'OpenAI', href: 'https://platform.openai.com/api-keys' },
          { kind: 'text', text: ' in ' },
          { kind: 'code', text: '.env' },
          { kind: 'text', text: ', ' },
          { kind: 'em', text: 'now' },
          { kind: 'text', text: '.' },
        ],
      },
      { kind: 'ul', items: [[{ kind: 'strong', text: 'Status:' }, { kind: 'text', text: ' shipped' }], [{ kind: 'text', text: 'two' }]] },
      { kind: 'ol', items: [[{ kind: 'text', text: 'first' }]] },
      { kind: 'pre', text: 'CHATBOT_API_KEY=sk-…' },
    ])
  })

  it('keeps a link to anything but http(s), and any markup, as plain text', () => {
    expect(parseMarkdown('[click](javascript:alert(1)) <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'p', inlines: [{ kind: 'text', text: '[click](javascript:alert(1)) <img src=x onerror=alert(1)>' }] },
    ])
  })
})
