import type { Chatbot } from '@chatbot-kit/kernel'
import type { Retrieval, RetrievedChunk } from '../retrieval/retrieve.js'

/** `knowledge.search`'s answer: what a turn would be offered, and what ranked but scored too low. */
export interface KnowledgeSearchAnswer extends Retrieval {
  /** The best chunks scoring under `minScore` (at most `topK`), which a turn is not offered: how far off the threshold a question is. */
  belowMinScore: RetrievedChunk[]
}

/** Searches as a turn of `channel` does, then again with no threshold for what was left out. */
export async function searchAnswer(chatbot: Chatbot, query: string, channel: string | undefined): Promise<KnowledgeSearchAnswer> {
  const scope = channel === undefined ? {} : { channel }
  const offered = await chatbot.searchKnowledge(query, scope)
  const ranked = await chatbot.searchKnowledge(query, { ...scope, minScore: 0 })
  return { ...offered, belowMinScore: ranked.results.filter((chunk) => chunk.score < offered.minScore) }
}
