import type { ChatbotUIMessage } from 'chatbot-kit/ai-sdk'

/**
 * The channel's greeting, read from the envelope's public payload (`<payload>.<signature>`,
 * base64url JSON), as the first message of a conversation that has no history yet; the
 * history lists it first once the conversation exists, with the same id.
 */
export function greetingMessage(signedContext: string): ChatbotUIMessage[] {
  try {
    const payload = signedContext.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/')
    const bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0))
    const { greeting } = JSON.parse(new TextDecoder().decode(bytes)) as { greeting?: string | null }
    return greeting ? [{ id: 'greeting', role: 'assistant', parts: [{ type: 'text', text: greeting }] }] : []
  } catch {
    return []
  }
}
