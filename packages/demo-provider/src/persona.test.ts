import { describe, expect, test } from 'vitest'
import { derivePersona } from './persona.js'
import { readSystemPrompt } from './system-prompt.js'

describe('reading the system prompt', () => {
  test('splits instructions (base prompt, channel prompt) from the context blocks', () => {
    const content = [
      'You are the assistant of ACME.',
      'You help customers with their orders.',
      '<context name="orders" source="server">\nOrder 1042: shipped.\n</context>',
      '<context name="page-snapshot" source="client">\nOrder #1042\n</context>',
    ].join('\n\n')
    expect(readSystemPrompt([{ role: 'system', content }, { role: 'user', content: 'hi' }])).toEqual({
      instructions: ['You are the assistant of ACME.', 'You help customers with their orders.'],
      sections: [
        { name: 'orders', source: 'server', content: 'Order 1042: shipped.' },
        { name: 'page-snapshot', source: 'client', content: 'Order #1042' },
      ],
    })
    expect(readSystemPrompt([{ role: 'user', content: 'hi' }])).toEqual({ instructions: [], sections: [] })
  })
})

describe('the persona', () => {
  test('the channel prompt (the last paragraph with a "You …" sentence) wins over the base prompt', () => {
    expect(derivePersona(['You are the assistant of ACME.', 'You are Max from ACME support. Be formal.']).intro).toBe("I'm Max from ACME support.")
    expect(derivePersona(['You are the assistant of ACME.', 'Keep answers short.']).intro).toBe("I'm the assistant of ACME.")
    expect(derivePersona(['Keep it short. You help customers with your orders']).intro).toBe('I help customers with my orders.')
    expect(derivePersona([]).intro).toBeUndefined()
  })

  test('tone words pick the voice; formal beats warm', () => {
    expect(derivePersona(['You are Ada. Be cheerful.']).tone).toBe('warm')
    expect(derivePersona(['Be friendly.', 'Answer formally.']).tone).toBe('formal')
    expect(derivePersona(['You are a bot.']).tone).toBe('neutral')
  })
})
