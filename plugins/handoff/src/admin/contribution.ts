import { defineAdminContribution } from '@chatbot-kit/admin/procedures'
import { fromStoredTimestamp } from '@chatbot-kit/kernel/plugin'
import { listChanges } from '../storage/handoffs.repository.js'
import { agentAuthors } from '../storage/agent-messages.repository.js'
import { handoffRouter } from './handoff-router.js'

/** The handoff plugin's part of the admin API: `handoff.*`, and a transcript's handoff changes and agents' names. */
export const handoffAdmin = defineAdminContribution({
  routers: { handoff: handoffRouter },
  transcript: {
    async load({ chatbot, conversation }) {
      const [changes, authors] = await Promise.all([listChanges(chatbot.db, conversation.id), agentAuthors(chatbot.db, conversation.id)])
      return {
        fields: { handoffChanges: changes.map((change) => ({ from: change.from_state, to: change.to_state, actor: change.actor, agent: change.agent, at: fromStoredTimestamp(change.at) })) },
        message: (message) => ({ agent: authors.get(message.publicId) ?? null }),
      }
    },
  },
})
