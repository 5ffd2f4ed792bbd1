import { mockEvent, type H3Event } from 'h3'

/**
 * The `turn.event` of a turn run in-process, with no HTTP request behind it (an evaluation, a
 * handoff's agent message): a request to nowhere, so listeners that read the event keep working
 * and find no cookies, no headers and no Node response.
 */
export function createStandInEvent(): H3Event {
  return mockEvent('http://chatbot.invalid/', { method: 'POST' })
}
