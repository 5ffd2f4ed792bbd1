import type { PluginApi, Turn } from '@chatbot-kit/kernel'
import { channelSources } from '../retrieval/channel-sources.js'
import { retrieve, type RetrievalIndex } from '../retrieval/retrieve.js'
import { recordGap } from '../storage/gaps.js'
import { knowledgeSection, replySources } from './knowledge-section.js'
import { offeredLineTokens, seedChunkLines } from './chunk-lines.js'

/**
 * The `turn:start` listener (the question's embedding sent, with embeddings on) and the
 * `turn:context` one: retrieves for the user's message (a continuation has none), adds
 * the `knowledge` section and sets `turn.sources`, or records a gap when nothing scored
 * `minScore`. A failing retrieval never fails the turn: it is logged and the reply goes on
 * without sources (a failing embedding only loses the vectors: full text still answers).
 */
export function retrieveForTurn(api: PluginApi, index: RetrievalIndex) {
  const { knowledge } = api.config
  const names = Object.keys(knowledge.sources)
  const searches = (turn: Turn) => !turn.continuation && turn.message.trim() !== '' && channelSources(names, turn.settings.knowledge).length > 0
  // The question's embedding is asked for as the turn starts: its round trip overlaps the other
  // listeners, the server's sections and the full-text search. Its failure is read at turn:context.
  const embeddings = new WeakMap<Turn, Promise<Float32Array>>()
  const startEmbedding = async (turn: Turn): Promise<void> => {
    if (!index.vectors || !searches(turn)) return
    const embedding = index.vectors.embed(turn.message)
    embedding.catch(() => undefined)
    embeddings.set(turn, embedding)
    // Node writes a request to its socket on the next tick, which waits for every pending promise
    // callback; the turn's SQLite work up to turn:context and the full-text search run as promise
    // callbacks alone (the driver is synchronous). Without this wait the request left only once
    // the full-text search was done, and its round trip overlapped nothing (docs/performance.md).
    await new Promise((resolve) => process.nextTick(resolve))
  }
  const retrieveFor = async (turn: Turn): Promise<void> => {
    if (!searches(turn)) return
    const sources = channelSources(names, turn.settings.knowledge)
    try {
      const { gap, results, lines, vectorFailure } = await retrieve(api.storage.db, turn.message, sources, knowledge, index, embeddings.get(turn) ?? index.vectors?.embed(turn.message))
      if (vectorFailure !== undefined) api.logger.warn(`Knowledge: the question's embedding failed; answering from full-text search alone (channel "${turn.channel}"): ${vectorFailure}`)
      if (gap) {
        await recordGap(api.storage.db, { question: turn.message, channel: turn.channel, conversationId: turn.conversation.publicId })
        return
      }
      if (results.length === 0) return
      // Their lines' tokens were counted at sync: the kernel's line cache need not count them again.
      seedChunkLines(await offeredLineTokens(api.storage.db, lines))
      turn.sections.push(knowledgeSection(results, knowledge.maxBytes))
      turn.sources = replySources(results)
    } catch (error) {
      api.logger.warn(`Knowledge retrieval failed; the reply goes on without sources (channel "${turn.channel}"):`, error)
    }
  }
  return { startEmbedding, retrieveFor }
}
