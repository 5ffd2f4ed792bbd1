import { createChatbot, generateAppKey, type Chatbot, type ChatbotConfig } from '@chatbot-kit/kernel'
import { silentLogger, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { knowledgePlugin, type KnowledgePluginOptions, type KnowledgeSource } from '../src/index.js'

/** A chatbot with the knowledge plugin on `created`'s database (migrated), its sources as given. */
export function startKnowledge(created: CreatedDatabase, sources: Record<string, KnowledgeSource>, config: ChatbotConfig = {}, options: KnowledgePluginOptions = { fetchTimeoutMs: 5000 }): Promise<Chatbot> {
  return createChatbot(
    { appKey: generateAppKey(), database: created.database, ...config, knowledge: { sources, ...config.knowledge }, plugins: [knowledgePlugin(options), ...(config.plugins ?? [])] },
    { env: {}, logger: silentLogger() },
  )
}

/** The stored chunks' ids by document, and each document's sync time: what a write would change. */
export async function indexSnapshot(chatbot: Chatbot): Promise<Map<string, string>> {
  const db = chatbot.db.withTables<{ knowledge_documents: { id: number; document: string; synced_at: string }; knowledge_chunks: { id: number; document_id: number } }>()
  const rows = await db.selectFrom('knowledge_documents').leftJoin('knowledge_chunks', 'knowledge_chunks.document_id', 'knowledge_documents.id').select(['document', 'synced_at', 'knowledge_chunks.id as chunk']).orderBy('knowledge_chunks.id').execute()
  const snapshot = new Map<string, string>()
  for (const row of rows) snapshot.set(row.document, `${snapshot.get(row.document) ?? row.synced_at}:${String(row.chunk)}`)
  return snapshot
}
