import type { ChatbotServices, PluginApi } from '@chatbot-kit/kernel'
import { pruneChannels } from './prune-channels.js'
import type { PruneReport } from './prune-report.js'
import { retentionRule } from './retention-rule.js'

const toIso = (date: Date) => date.toISOString().replace(/Z$/, '+00:00')

/** `chatbot.prune()`: each channel by its own `retentionDays`, in batches (see `pruneConversations`). */
export function createPrune(api: PluginApi): ChatbotServices['prune'] {
  return async (options = {}) => {
    const now = new Date()
    const dryRun = options.dryRun === true
    const report: PruneReport = { dryRun, channels: {}, total: { conversations: 0, messages: 0 } }
    for (const channel of await pruneChannels(api, options.channel)) {
      const { retentionDays } = api.settings(channel)
      const rule = retentionRule(retentionDays, api.config.conversationTtl, now)
      if (!rule) {
        report.channels[channel] = { retentionDays, cutoff: null, conversations: 0, messages: 0 }
        continue
      }
      const counts = await api.storage.pruneConversations({
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
