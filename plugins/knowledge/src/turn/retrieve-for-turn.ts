import type { PluginApi, Turn } from '@chatbot-kit/kernel'
import { channelSources } from '../retrieval/channel-sources.js'
import { retrieve, type RetrievalIndex } from '../retrieval/retrieve.js'
import { recordGap } from '../storage/gaps.js'
import { knowledgeSection, replySources } from './knowledge-section.js'

/**
 * The `turn:context` listener: retrieves for the user's message (a continuation has none), adds
 * the `knowledge` section and sets `turn.sources`, or records a gap when nothing scored
 * `minScore`. A failing retrieval never fails the turn: it is logged and the reply goes on
 * without sources (a failing embedding only loses the vectors: full text still answers).
 */
export function retrieveForTurn(api: PluginApi, index: RetrievalIndex) {
  const { knowledge } = api.config
  const names = Object.keys(knowledge.sources)
  return async (turn: Turn): Promise<void> => {
    if (turn.continuation || turn.message.trim() === '') return
    const sources = channelSources(names, turn.settings.knowledge)
    try {
      const { gap, results, vectorFailure } = await retrieve(api.storage.db, turn.message, sources, knowledge, index)
      if (vectorFailure !== undefined) api.logger.warn(`Knowledge: the question's embedding failed; answering from full-text search alone (channel "${turn.channel}"): ${vectorFailure}`)
      if (gap) {
        await recordGap(api.storage.db, { question: turn.message, channel: turn.channel, conversationId: turn.conversation.publicId })
        return
      }
      if (results.length === 0) return
      turn.sections.push(knowledgeSection(results, knowledge.maxBytes))
      turn.sources = replySources(results)
    } catch (error) {
      api.logger.warn(`Knowledge retrieval failed; the reply goes on without sources (channel "${turn.channel}"):`, error)
    }
  }
}
