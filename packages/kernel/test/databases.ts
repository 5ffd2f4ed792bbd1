import { databaseTargets, type DatabaseTarget } from '@chatbot-kit/test-utils'
import { createDatabase, type ChatbotDatabase, type Conversation, type NewMessage } from '@chatbot-kit/kernel'

export const DATABASES = databaseTargets()

/** A fresh, empty (unmigrated) database on `target`, and how to throw it away. */
export async function openDatabase(target: DatabaseTarget): Promise<{ database: ChatbotDatabase; dispose(): Promise<void> }> {
  const { url, drop } = await target.create()
  const database = await createDatabase(url)
  return {
    database,
    dispose: async () => {
      await database.close()
      await drop()
    },
  }
}

/** A user message of `conversation` for the storage contract suites; `overrides` change any field. */
export const testMessage = (conversation: Conversation, overrides: Partial<NewMessage> = {}): NewMessage => ({
  conversationId: conversation.id,
  role: 'user',
  content: 'hello',
  routeName: 'home',
  contextHash: 'abc',
  tokenCount: 1,
  ...overrides,
})
