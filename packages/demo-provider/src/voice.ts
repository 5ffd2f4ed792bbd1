import type { Persona } from './persona.js'

/** Words that differ by tone, so two channels with different prompts sound different. */
export function voiceOf(persona: Persona) {
  switch (persona.tone) {
    case 'warm':
      return { hello: 'Hi there!', sure: 'Happy to help!', closing: 'Anything else? Just ask.' }
    case 'formal':
      return { hello: 'Good day.', sure: 'Certainly.', closing: 'Is there anything else I can help you with?' }
    default:
      return { hello: 'Hello!', sure: 'Sure.', closing: '' }
  }
}

/** The persona's introduction followed by a space, or nothing when the prompt gives none. */
export const introOf = (persona: Persona) => (persona.intro ? `${persona.intro} ` : '')
