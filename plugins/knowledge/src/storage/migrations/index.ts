import type { Migration } from 'kysely'
import * as createKnowledgeTables from './2026-11-29-01-create-knowledge-tables.js'
import * as addChunkEmbeddings from './2026-11-29-02-add-chunk-embeddings.js'
import * as addChunkLineTokens from './2026-11-29-03-add-chunk-line-tokens.js'

/** The plugin's migrations, named `knowledge/…`. */
export const knowledgeMigrations: Readonly<Record<string, Migration>> = {
  'knowledge/2026-11-29-01-create-knowledge-tables': createKnowledgeTables,
  'knowledge/2026-11-29-02-add-chunk-embeddings': addChunkEmbeddings,
  'knowledge/2026-11-29-03-add-chunk-line-tokens': addChunkLineTokens,
}
