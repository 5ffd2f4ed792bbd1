import type { HistoryContext, PluginApi } from '@chatbot-kit/kernel'
import { agentAuthors, heldReplies } from '../storage/agent-messages.repository.js'

/**
 * `conversation:history`: a person's messages name their author (`{ kind: "agent", name }`), and
 * the empty replies of turns a handoff held are left out (the user's messages stay).
 */
export function addAuthors(api: PluginApi) {
  return async (context: HistoryContext): Promise<void> => {
    if (!api.settings(context.conversation.channel).handoff) return
    const [authors, held] = await Promise.all([agentAuthors(api.storage.db, context.conversation.id), heldReplies(api.storage.db, context.conversation.id)])
    if (authors.size === 0 && held.size === 0) return
    context.messages = context.messages.filter((message) => message.id === null || !held.has(message.id))
    for (const message of context.messages) {
      const agent = message.id === null ? undefined : authors.get(message.id)
      if (agent !== undefined) message.author = { kind: 'agent', name: agent }
    }
  }
}
