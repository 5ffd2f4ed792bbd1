// One conversation per channel, kept across reloads: the same key scheme as a host app would use.
const key = (channel: string) => `chatbot-kit.ai-sdk-example.conversation.${channel}`

export function storedConversationId(channel: string): string | undefined {
  return localStorage.getItem(key(channel)) ?? undefined
}

export function storeConversationId(channel: string, id: string | undefined): void {
  if (id) localStorage.setItem(key(channel), id)
  else localStorage.removeItem(key(channel))
}
