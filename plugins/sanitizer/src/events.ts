import type { EventIdentity } from '@chatbot-kit/kernel'

/** The sanitizer escaped a reserved tag in a context section. */
export class ChatbotSuspiciousContextDetected {
  constructor(readonly payload: { channel: string; section: string; identity: EventIdentity; matches: string[] }) {}
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotEvents {
    ChatbotSuspiciousContextDetected: ChatbotSuspiciousContextDetected
  }
}
