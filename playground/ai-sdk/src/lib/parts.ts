import type { ChatbotDataParts, ChatbotUIMessage } from 'chatbot-kit/ai-sdk'

export type Approval = ChatbotDataParts['approval']

/** The text parts of a message, joined: what a screen reader hears and what scrolling follows. */
export function replyText(message: ChatbotUIMessage | undefined): string {
  return (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('')
}

/** Whether a message has anything to show: a reply paused before any text shows as its card, or not at all in the history. */
export function hasContent(message: ChatbotUIMessage): boolean {
  return message.parts.some((part) => (part.type === 'text' ? part.text.trim() !== '' : part.type === 'dynamic-tool' || part.type === 'data-approval'))
}

/**
 * The approval still waiting, if any: the newest `data-approval` part of the last assistant
 * message. Only the last one can be pending; a later reply means it was answered or dropped.
 */
export function pendingApproval(messages: ChatbotUIMessage[]): Approval | undefined {
  const last = messages.at(-1)
  if (last?.role !== 'assistant') return undefined
  const parts = last.parts.filter((part) => part.type === 'data-approval')
  const newest = parts.at(-1)?.data
  return newest?.status === 'pending' ? newest : undefined
}

/** What the live region says once a reply stops streaming. */
export function announcementFor(message: ChatbotUIMessage | undefined): string {
  if (message?.role !== 'assistant') return ''
  const approval = pendingApproval([message])
  if (approval) return `The assistant asks for your approval to run ${approval.calls.map((call) => call.toolName).join(', ')}.`
  const text = replyText(message).trim()
  return message.metadata?.finishReason === 'stopped' ? `Stopped. ${text}` : text
}
