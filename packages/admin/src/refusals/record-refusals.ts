import type { Chatbot, ChatbotException, PluginApi } from '@chatbot-kit/kernel'
import { createRefusalTally, type RefusalTally } from './refusal-tally.js'

const tallies = new WeakMap<Chatbot, RefusalTally>()

/** The chatbot's refusal counts, when the admin plugin runs in it. */
export const refusalTallyOf = (chatbot: Chatbot): RefusalTally | undefined => tallies.get(chatbot)

/** A refusal is a 4xx answer; 499 (`client_closed`, `stopped`) is nobody's answer, and 5xx are failures. */
const isRefusal = (error: ChatbotException) => error.status >= 400 && error.status < 499

/**
 * Counts refusals: every chatbot route's 4xx error answers (`request:refused`; the channel is
 * unknown when the envelope was the problem), and turns refused after their stream opened
 * (`turn:error`: `quota_exceeded`).
 */
export function recordRefusals(api: PluginApi): void {
  const tally = createRefusalTally(api.storage.db, api.logger)
  tallies.set(api.chatbot, tally)
  api.hooks.hook('request:refused', ({ error, channel }) => {
    if (isRefusal(error)) tally.add(error.code(), channel)
  })
  api.hooks.hook('turn:error', (turn, error) => {
    if (isRefusal(error)) tally.add(error.code(), turn.channel)
  })
  api.hooks.hook('close', () => tally.stop())
}
