import { ChatbotUnknownChannelException, type Chatbot } from '@chatbot-kit/kernel'

/**
 * The channels a prune visits: the configured ones in config order, then any other channel that
 * still has stored conversations (one removed from the config keeps the top-level retention).
 */
export async function pruneChannels(chatbot: Chatbot, only?: string): Promise<string[]> {
  const configured = Object.keys(chatbot.config.channels)
  const stored = await chatbot.db.selectFrom('conversations').select('channel').distinct().orderBy('channel').execute()
  const channels = [...configured, ...stored.map((row) => row.channel).filter((channel) => !configured.includes(channel))]
  if (only === undefined) return channels
  if (!channels.includes(only)) throw new ChatbotUnknownChannelException(only)
  return [only]
}
