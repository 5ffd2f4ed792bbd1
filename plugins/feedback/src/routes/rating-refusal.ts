import type { RatableMessage } from '../storage/feedback.repository.js'

/**
 * Assistant messages no model wrote, by their finish reason (the handoff plugin's): a person's
 * message, and the empty reply of a turn held for a person. The widget shows no thumbs on either;
 * the route refuses them too, so no rating of a person lands among the assistant's.
 */
const NOT_REPLIES = new Map([
  ['agent', "Only the assistant's replies can be rated; a person wrote this message."],
  ['handoff', "Only the assistant's replies can be rated; this turn was held for a person and has none."],
])

/** Why `message` cannot be rated (the 403's message), or undefined when it is a reply of the assistant. */
export function ratingRefusal(message: RatableMessage): string | undefined {
  if (message.role !== 'assistant') return 'Only a reply can be rated.'
  return NOT_REPLIES.get(message.finishReason ?? '')
}
