import { withKnowledge, type ChatbotDb } from '../storage/tables.js'
import { isRead, type Candidate, type RankedChunk } from './score.js'
import type { VectorHit } from './vector-index.js'

/** Reciprocal rank fusion's constant: how much lower ranks still count (60, as in the original paper). */
const RRF_K = 60
/**
 * The vector ranking's weight against the full-text one's (1): half, as measured on the
 * retrieval corpus (docs/knowledge.md, "Quality"): at 1 the vectors' misses pushed right
 * full-text hits down more often than their finds lifted answers up.
 */
const VECTOR_WEIGHT = 0.5

/**
 * A cosine similarity as a 0..1 score, on the scale of the full-text score: under `FLOOR` a
 * vector says nothing (unrelated texts land there), at `CEILING` and above it is as good as a
 * chunk holding every word of the question (docs/knowledge.md, "Hybrid retrieval").
 */
const FLOOR = 0.2
const CEILING = 0.6
export const calibratedSimilarity = (similarity: number) => Math.round(Math.min(1, Math.max(0, (similarity - FLOOR) / (CEILING - FLOOR))) * 1000) / 1000

export interface FusedCandidate {
  id: number
  /** What full text read; none until its text is read (withTexts) for a chunk only the vectors found or ranked in process. */
  candidate: Candidate | undefined
  /** The vector side's calibrated similarity (0 for a chunk only full text found). */
  similarity: number
}

/** Both rankings in one order by reciprocal rank fusion: a chunk both find high comes first. */
export function fuse(fullText: Array<Candidate | RankedChunk>, vectors: VectorHit[]): FusedCandidate[] {
  const fused = new Map<number, number>()
  const add = (id: number, rank: number, weight = 1) => fused.set(id, (fused.get(id) ?? 0) + weight / (RRF_K + rank + 1))
  fullText.forEach((candidate, rank) => add(candidate.id, rank))
  vectors.forEach((hit, rank) => add(hit.id, rank, VECTOR_WEIGHT))
  const known = new Map(fullText.filter(isRead).map((candidate) => [candidate.id, candidate]))
  const similarity = new Map(vectors.map((hit) => [hit.id, calibratedSimilarity(hit.similarity)]))
  return [...fused].sort((a, b) => b[1] - a[1]).map(([id]) => ({ id, candidate: known.get(id), similarity: similarity.get(id) ?? 0 }))
}

/**
 * Reads the chunks `fused` lacks (those only the vectors found, or ranked in process), with what a
 * full-text candidate has: only for the few a turn may offer, not for every candidate.
 */
export async function withTexts<T extends FusedCandidate>(db: ChatbotDb, fused: T[], after: number): Promise<Array<T & { candidate: Candidate }>> {
  const missing = fused.filter((entry) => !entry.candidate).map((entry) => entry.id)
  const rows = missing.length === 0 ? [] : await withKnowledge(db)
    .selectFrom('knowledge_chunks as c')
    .innerJoin('knowledge_documents as d', 'd.id', 'c.document_id')
    .select(['c.id', 'c.source', 'd.document', 'c.url', 'c.title', 'c.heading', 'c.text', 'c.line_tokens'])
    .where('c.id', 'in', missing)
    .execute()
  const read = new Map(rows.map((row) => [Number(row.id), { ...row, id: Number(row.id), position: after }]))
  // A chunk deleted by a sync since the vectors were loaded is left out.
  return fused.flatMap((entry) => {
    const candidate = entry.candidate ?? read.get(entry.id)
    return candidate ? [{ ...entry, candidate }] : []
  })
}
