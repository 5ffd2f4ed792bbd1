import { countTokens, promptLines, seedPromptLines } from '@chatbot-kit/kernel'
import type { TurnRetrieval } from '../retrieval/retrieve.js'
import { withKnowledge, type ChatbotDb } from '../storage/tables.js'

/**
 * A chunk's token counts as the kernel counts the system prompt (by line, `promptLines`), taken at
 * sync so that a turn does not tokenize what it offers: one per line of the text, the last line
 * twice, as the knowledge section ends it: before a next chunk ("\n\n") or the section's end ("\n").
 */
export function chunkLineTokens(text: string): number[] {
  const lines = promptLines(text)
  const last = lines.pop()!
  return [...lines.map((line) => countTokens(line)), countTokens(`${last}\n\n`), countTokens(`${last}\n`)]
}

/** The lines `chunkLineTokens` counted, each with its count. */
export function chunkPromptLines(text: string, counts: number[]): Array<[string, number]> {
  const lines = promptLines(text)
  const last = lines.pop()!
  return [...lines.map((line, index): [string, number] => [line, counts[index]!]), [`${last}\n\n`, counts[lines.length]!], [`${last}\n`, counts[lines.length + 1]!]]
}

/**
 * Hands the offered chunks' counts to the kernel's line cache. A line the section does not hold
 * as counted (the sanitizer escaped it, say) is simply not found there: the kernel counts it.
 */
export function seedChunkLines(chunks: Array<{ text: string; lineTokens: number[] }>): void {
  for (const chunk of chunks) seedPromptLines(chunkPromptLines(chunk.text, chunk.lineTokens))
}

/**
 * The offered chunks' counts: stored at sync, or counted now and stored for a chunk indexed before
 * they were (a database from 1.2's first sync), once.
 */
export async function offeredLineTokens(db: ChatbotDb, lines: TurnRetrieval['lines']): Promise<Array<{ text: string; lineTokens: number[] }>> {
  return Promise.all(
    lines.map(async ({ id, text, lineTokens }) => {
      if (lineTokens !== null) return { text, lineTokens: JSON.parse(lineTokens) as number[] }
      const counted = chunkLineTokens(text)
      await withKnowledge(db).updateTable('knowledge_chunks').set({ line_tokens: JSON.stringify(counted) }).where('id', '=', id).execute()
      return { text, lineTokens: counted }
    }),
  )
}
