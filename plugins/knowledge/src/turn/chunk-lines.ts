import { countTokens, promptLines, seedPromptLines } from '@chatbot-kit/kernel'
import type { TurnRetrieval } from '../retrieval/retrieve.js'
import { withKnowledge, type ChatbotDb } from '../storage/tables.js'
import { chunkLabel, type SectionChunk } from './knowledge-section.js'

/**
 * A chunk's token counts as the kernel counts the system prompt (by line, `promptLines`), taken at
 * sync so that a turn does not tokenize what it offers (stored as JSON in `line_tokens`).
 */
export interface ChunkLineCounts {
  /** One per line of the text, the last line twice, as the section ends it: before a next chunk ("\n\n") or the section's end ("\n"). */
  text: number[]
  /**
   * The header line less its number: ` title — heading\n`. The tokenizer's pre-split always cuts
   * between "]" and the space after it, so `[n] title…\n` counts as `[n]` plus this, whatever n.
   */
  header: number
  /** The `URL: …\n` line; absent for a chunk without a URL. */
  url?: number
}

const headerTail = (chunk: SectionChunk) => ` ${chunkLabel(chunk)}\n`
const urlLine = (url: string) => `URL: ${url}\n`

/** The text's lines as the section holds them, the last one in both of its forms. */
function textLines(text: string): string[] {
  const lines = promptLines(text)
  const last = lines.pop()!
  return [...lines, `${last}\n\n`, `${last}\n`]
}

export function chunkLineCounts(chunk: SectionChunk): ChunkLineCounts {
  return { text: textLines(chunk.text).map((line) => countTokens(line)), header: countTokens(headerTail(chunk)), ...(chunk.url && { url: countTokens(urlLine(chunk.url)) }) }
}

/** The lines `chunkLineCounts` counted, each with its count, for the chunk offered as `[number]`. */
export function chunkPromptLines(chunk: SectionChunk, counts: ChunkLineCounts, number: number): Array<[string, number]> {
  const marker = `[${number}]`
  return [
    [`${marker}${headerTail(chunk)}`, countTokens(marker) + counts.header],
    ...(chunk.url && counts.url !== undefined ? [[urlLine(chunk.url), counts.url] as [string, number]] : []),
    ...textLines(chunk.text).map((line, index): [string, number] => [line, counts.text[index]!]),
  ]
}

/**
 * Hands the offered chunks' counts, numbered in order, to the kernel's line cache. A line the
 * section does not hold as counted (the sanitizer escaped it, say) is simply not found there: the
 * kernel counts it.
 */
export function seedChunkLines(chunks: Array<{ chunk: SectionChunk; counts: ChunkLineCounts }>): void {
  chunks.forEach(({ chunk, counts }, index) => seedPromptLines(chunkPromptLines(chunk, counts, index + 1)))
}

/** The stored counts; undefined for none, or for the form of 1.2's first syncs (the text's counts alone, a list). */
const storedCounts = (json: string | null): ChunkLineCounts | undefined => {
  const parsed = json === null ? undefined : (JSON.parse(json) as ChunkLineCounts | number[])
  return parsed && !Array.isArray(parsed) ? parsed : undefined
}

/**
 * The offered chunks' counts: stored at sync, or counted now and stored for a chunk indexed before
 * they were (a database from 1.2's first syncs), once.
 */
export async function offeredLineTokens(db: ChatbotDb, lines: TurnRetrieval['lines']): Promise<Array<{ chunk: SectionChunk; counts: ChunkLineCounts }>> {
  return Promise.all(
    lines.map(async ({ id, lineTokens, ...chunk }) => {
      const stored = storedCounts(lineTokens)
      if (stored) return { chunk, counts: stored }
      const counted = chunkLineCounts(chunk)
      await withKnowledge(db).updateTable('knowledge_chunks').set({ line_tokens: JSON.stringify(counted) }).where('id', '=', id).execute()
      return { chunk, counts: counted }
    }),
  )
}
