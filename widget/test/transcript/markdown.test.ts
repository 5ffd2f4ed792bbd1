import { describe, expect, it } from 'vitest'
import { createMessage, type ChatMessage } from '../../src/chat/state.js'
import { en } from '../../src/i18n/strings.js'
import { toMarkdown } from '../../src/transcript/markdown.js'

describe('toMarkdown', () => {
  it('writes the title, the date, and each message under its speaker, replies as their Markdown', () => {
    const reply: ChatMessage = {
      ...createMessage('assistant', 'Your order **1042** ships Friday:\n\n- anvil\n- hammer'),
      tools: [
        { callId: 'a', name: 'order_status', state: 'done', args: { orderId: '1042' } },
        { callId: 'b', name: 'refund', state: 'denied' },
        { callId: 'c', name: 'stock', state: 'failed', args: 'raw text' },
      ],
    }
    const markdown = toMarkdown({
      title: 'Shop assistant',
      date: '27/11/2026, 10:56:00',
      messages: [createMessage('assistant', 'Hello! Ask me anything.'), createMessage('user', 'Where is order 1042?'), reply, createMessage('assistant', 'Half a rep', 'stopped')],
      text: en,
    })
    expect(markdown).toBe(
      [
        '# Shop assistant',
        '_27/11/2026, 10:56:00_',
        '## Assistant',
        'Hello! Ask me anything.',
        '## You',
        'Where is order 1042?',
        '## Assistant',
        '- Used order_status: `{"orderId":"1042"}`\n- Declined refund\n- stock failed: `"raw text"`',
        'Your order **1042** ships Friday:\n\n- anvil\n- hammer',
        '## Assistant',
        'Half a rep',
        '_Stopped_',
      ].join('\n\n') + '\n',
    )
  })

  it('leaves out a reply that has nothing yet, and speaks the host’s language', () => {
    const markdown = toMarkdown({
      title: 'Hilfe',
      date: '27.11.2026',
      messages: [createMessage('user', 'Hallo'), createMessage('assistant', '', 'streaming')],
      text: { ...en, you: 'Sie', assistant: 'Assistent' },
    })
    expect(markdown).toBe('# Hilfe\n\n_27.11.2026_\n\n## Sie\n\nHallo\n')
  })
})
