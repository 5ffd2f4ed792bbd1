import { describe, expect, it } from 'vitest'
import { createMessage, type ChatMessage } from '../../src/chat/state.js'
import { en } from '../../src/i18n/strings.js'
import { renderMessage } from '../../src/messages/render.js'
import { asDom, fakeDocument, outline, type FakeNode } from '../helpers/fake-dom.js'

const html = (message: ChatMessage, text = en) => outline(renderMessage(message, text, asDom(fakeDocument())) as unknown as FakeNode)

describe('renderMessage', () => {
  it('shows the user’s text as text, never as Markdown', () => {
    expect(html(createMessage('user', '**not bold** <b>x</b>'))).toBe(
      '<div class="message user" part="message"><span class="visually-hidden">You:</span><div class="plain">**not bold** <b>x</b></div></div>',
    )
  })

  it('renders the assistant’s Markdown, with the tools it used', () => {
    const message: ChatMessage = {
      ...createMessage('assistant', 'It is **shipped**.'),
      tools: [
        { callId: 'a', name: 'orders', state: 'done' },
        { callId: 'b', name: 'stock', state: 'failed' },
      ],
    }
    expect(html(message)).toBe(
      '<div class="message assistant" part="message"><span class="visually-hidden">Assistant:</span>' +
        '<ul class="tools"><li class="tool done">Used orders</li><li class="tool failed">stock failed</li></ul>' +
        '<div class="markdown"><p>It is <strong>shipped</strong>.</p></div></div>',
    )
  })

  it('notes a reply that is thinking or was stopped, in the host’s language', () => {
    const text = { ...en, thinking: 'Denkt nach…', stopped: 'Gestoppt', assistant: 'Assistent' }
    expect(html(createMessage('assistant', '', 'streaming'), text)).toContain('<p class="status">Denkt nach…</p>')
    expect(html(createMessage('assistant', 'Half', 'stopped'), text)).toContain('<p class="status">Gestoppt</p>')
    expect(html(createMessage('assistant', 'Half', 'streaming'), text)).not.toContain('status')
  })

  it('links a reply’s [n] to its offered http(s) sources, not inside code or a link, and lists the sources', () => {
    const message: ChatMessage = {
      ...createMessage('assistant', 'See [1], [2], [5] and `[1]` or [x](https://a.example) [1]'),
      sources: [
        { id: 1, title: 'Returns', url: 'https://shop.example/returns', snippet: '', score: 1 },
        { id: 2, title: 'Trap', url: 'javascript:alert(1)', snippet: '', score: 1 },
      ],
    }
    const link = (text: string) => `<a href="https://shop.example/returns" rel="noopener noreferrer" target="_blank">${text}</a>`
    expect(html(message)).toContain(
      `<div class="markdown"><p>See ${link('[1]')}, [2], [5] and <code>[1]</code> or <a href="https://a.example/" rel="noopener noreferrer" target="_blank">x</a> ${link('[1]')}</p></div>` +
        `<ol class="sources" aria-label="Sources" part="sources"><li part="source" value="1">${link('Returns')}</li><li part="source" value="2">Trap</li></ol>`,
    )
    expect(html({ ...message, sources: [] })).not.toContain('sources')
  })
})
