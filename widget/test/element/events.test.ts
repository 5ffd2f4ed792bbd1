import { describe, expect, it } from 'vitest'
import { emit } from '../../src/element/events.js'

describe('emit', () => {
  it('dispatches a bubbling, composed CustomEvent with its detail', () => {
    const target = new EventTarget()
    let received: CustomEvent | undefined
    target.addEventListener('chatbot-send', (event) => (received = event as CustomEvent))
    emit(target, 'chatbot-send', { message: 'Hi' })
    expect(received).toBeInstanceOf(CustomEvent)
    expect(received).toMatchObject({ detail: { message: 'Hi' }, bubbles: true, composed: true })
  })
})
