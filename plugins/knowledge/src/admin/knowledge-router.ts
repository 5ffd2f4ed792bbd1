import { adminProcedure, inputSchema, router, withCursorCheck } from '@chatbot-kit/admin/procedures'
import { listDocuments, type DocumentListPage } from '../storage/document-list.js'
import { listGaps, type GapListPage } from '../storage/gap-list.js'
import type { SourceStatus } from '../storage/source-status.js'
import type { SourceSyncReport } from '../sync/sync-report.js'
import { searchAnswer, type KnowledgeSearchAnswer } from './search-answer.js'
import { checkChannel, checkSource, parseDocumentsInput, parseGapsInput, parseSearchInput, parseSyncInput } from './inputs.js'
import type { KnowledgeDocumentsInput, KnowledgeGapsInput, KnowledgeSearchInput, KnowledgeSyncInput } from './types.js'

/** `knowledge.*` of the admin API: the sources' state, a sync, a search as a turn does it, documents and gaps. */
export const knowledgeRouter = router({
  /** Per configured source: documents, chunks, last sync, what it could not read, whether a sync runs now. */
  sources: adminProcedure.query(({ ctx }): Promise<SourceStatus[]> => ctx.chatbot.knowledgeStatus()),
  /** Syncs one source or all of them, and answers once done; a source another sync holds is `busy`. */
  sync: adminProcedure.input(inputSchema<KnowledgeSyncInput | void, ReturnType<typeof parseSyncInput>>(parseSyncInput)).mutation(({ ctx, input }): Promise<SourceSyncReport[]> => {
    checkSource(ctx.chatbot, input.source)
    return ctx.chatbot.syncKnowledge(input.source === undefined ? {} : { source: input.source })
  }),
  /** What a turn (of `channel`, default every source) would retrieve for `query`, and the best chunks under `minScore`. */
  search: adminProcedure.input(inputSchema<KnowledgeSearchInput, ReturnType<typeof parseSearchInput>>(parseSearchInput)).query(({ ctx, input }): Promise<KnowledgeSearchAnswer> => {
    checkChannel(ctx.chatbot, input.channel)
    return searchAnswer(ctx.chatbot, input.query, input.channel)
  }),
  /** A source's indexed documents by name; pass `nextCursor` back as `cursor` for the next page. */
  documents: adminProcedure.input(inputSchema<KnowledgeDocumentsInput, ReturnType<typeof parseDocumentsInput>>(parseDocumentsInput)).query(({ ctx, input }): Promise<DocumentListPage> => {
    checkSource(ctx.chatbot, input.source)
    return withCursorCheck(() => listDocuments(ctx.chatbot.db, input.source, input))
  }),
  /** Questions nothing answered, grouped by normalized text, the latest asked first. */
  gaps: adminProcedure.input(inputSchema<KnowledgeGapsInput | void, ReturnType<typeof parseGapsInput>>(parseGapsInput)).query(({ ctx, input }): Promise<GapListPage> => withCursorCheck(() => listGaps(ctx.chatbot.db, input))),
})
