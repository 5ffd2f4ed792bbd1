import { pruneConversations, type Chatbot, type ChatbotServices, type PruneReport } from '@chatbot-kit/kernel'
import { pruneChannels } from './prune-channels.js'
import { retentionRule } from './retention-rule.js'

const toIso = (date: Date) => date.toISOString().replace(/Z$/, '+00:00')

/** `chatbot.prune()`: each channel by its own `retentionDays`, in batches (see `pruneConversations`). */
export function createPrune(chatbot: Chatbot): ChatbotServices['prune'] {
  return async (options = {}) => {
    const now = new Date()
    const dryRun = options.dryRun === true
    const report: PruneReport = { dryRun, channels: {}, total: { conversations: 0, messages: 0 } }
    for (const channel of await pruneChannels(chatbot, options.channel)) {
      const { retentionDays } = chatbot.settings(channel)
      const rule = retentionRule(retentionDays, chatbot.config.conversationTtl, now)
      if (!rule) {
        report.channels[channel] = { retentionDays, cutoff: null, conversations: 0, messages: 0 }
        continue
      }
      const counts = await pruneConversations(chatbot.db, {
        channel,
        ...rule.bounds,
        dryRun,
        onBatch: (totals) => options.onProgress?.({ channel, ...totals }),
      })
      report.channels[channel] = { retentionDays, cutoff: toIso(rule.cutoff), ...counts }
      report.total.conversations += counts.conversations
      report.total.messages += counts.messages
    }
    return report
  }
}
