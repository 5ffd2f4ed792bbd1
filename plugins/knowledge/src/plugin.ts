import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { createKnowledgeService, type KnowledgeServiceOptions } from './knowledge-service.js'
import { knowledgeOptions } from './options.js'
import { KNOWLEDGE_TABLES } from './storage/tables.js'
import { knowledgeMigrations } from './storage/migrations/index.js'
import { retrieveForTurn } from './turn/retrieve-for-turn.js'
import { startSyncTimer } from './sync/sync-timer.js'
import { startIndexWarmUp } from './retrieval/index-warm-up.js'

export type KnowledgePluginOptions = KnowledgeServiceOptions

/**
 * Answers grounded in the host's own content (contract §11.1, docs/knowledge.md): sources
 * (`knowledge.sources`) are synced into full-text-indexed chunks, and each turn of a channel
 * that searches them gets the best ones as the `knowledge` section, numbered for citing, and as
 * `turn.sources`. Off until `knowledge.sources` names a source. Provides `syncKnowledge`,
 * `knowledgeStatus` and `searchKnowledge` (the `chatbot knowledge` commands) and the `knowledge.*` admin procedures (admin/contribution.ts).
 */
export function knowledgePlugin(options: KnowledgePluginOptions = {}): ChatbotPlugin {
  return definePlugin({
    name: 'knowledge',
    options: knowledgeOptions,
    tables: KNOWLEDGE_TABLES,
    migrations: knowledgeMigrations,
    admin: () => import('./admin/contribution.js').then((module) => module.knowledgeAdmin),
    setup(api: PluginApi) {
      const service = createKnowledgeService(api, options)
      const searched = Object.keys(api.config.knowledge.sources).length > 0
      // Only where turns search: a server with sources (the CLI's one-shot commands close before it starts).
      const syncKnowledge = searched ? startIndexWarmUp(api, service.retrievalIndex.statistics, service.retrievalIndex.vectors).aroundSync(service.syncKnowledge) : service.syncKnowledge
      api.provide('syncKnowledge', syncKnowledge)
      api.provide('knowledgeStatus', service.knowledgeStatus)
      api.provide('searchKnowledge', service.searchKnowledge)
      if (!searched) return
      const { startEmbedding, retrieveFor } = retrieveForTurn(api, service.retrievalIndex)
      api.hooks.hook('turn:start', startEmbedding)
      api.hooks.hook('turn:context', retrieveFor)
      if (api.config.knowledge.syncInterval > 0) startSyncTimer(api, syncKnowledge)
    },
  })
}
