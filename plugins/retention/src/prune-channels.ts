import type { PluginApi } from '@chatbot-kit/kernel'
import { ChatbotUnknownChannelException } from '@chatbot-kit/plugin-channels'

/**
 * The channels a prune visits: the configured ones in config order, then any other channel that
 * still has stored conversations (one removed from the config keeps the top-level retention).
 */
export async function pruneChannels(api: PluginApi, only?: string): Promise<string[]> {
  const configured = Object.keys(api.config.channels)
  const stored = await api.storage.conversationChannels()
  const channels = [...configured, ...stored.filter((channel) => !configured.includes(channel))]
  if (only === undefined) return channels
  if (!channels.includes(only)) throw new ChatbotUnknownChannelException(only)
  return [only]
}
