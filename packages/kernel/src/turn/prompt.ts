import { ChatbotTokenCapExceededException } from '../errors/index.js'
import type { ChatMessage } from '@chatbot-kit/provider'
import { listMessages, type StoredMessage } from '../storage/index.js'
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from '../text/index.js'
import type { KernelRuntime } from '../runtime.js'
import type { Turn } from './types.js'

/** How far back a prompt may look; older messages are pruned by the token cap long before this. */
const HISTORY_WINDOW = 200

// Counts the system prompt by line, each distinct line (to a paragraph's length: ~8 MiB) once; exact
// as o200k's pre-split joins a newline to no next character but space or "/" (prompt.test.ts).
const lineTokens = new Map<string, number>()

/** A text cut as the system prompt is counted: each piece ends with its newlines. */
export const promptLines = (text: string): string[] => text.split(/(?<=\n)(?=[^\s/])/)

/** Caches a line's count (`countTokens(line)`, whoever took it) and returns it. */
function cacheLine(line: string, tokens: number): number {
  if (lineTokens.size >= 2048) lineTokens.delete(lineTokens.keys().next().value!)
  if (line.length <= 2000) lineTokens.set(line, tokens)
  return tokens
}

/** Caches lines with the counts a plugin took ahead (docs/plugins.md): exact, as the line is the key. */
export const seedPromptLines = (lines: Iterable<readonly [string, number]>): void => { for (const [line, tokens] of lines) cacheLine(line, tokens) }

export const systemPromptTokens = (prompt: string): number => promptLines(prompt).reduce((total, line) => total + (lineTokens.get(line) ?? cacheLine(line, countTokens(line))), 0)

/**
 * Builds `turn.request`: system prompt, as much history as fits `tokenCap` (oldest dropped
 * first) and the user message. Token counts of stored messages are cached in the database.
 * Returns the stored user message this one retries: the conversation's last message, with the
 * same text and no reply after it (the reply failed), which is then neither stored nor sent twice.
 */
export async function buildPrompt(runtime: KernelRuntime, turn: Turn, messageTokens: number, fresh: boolean): Promise<StoredMessage | undefined> {
  const stored = fresh ? [] : await listMessages(runtime.db, turn.conversation.id, { limit: HISTORY_WINDOW })
  const last = stored.at(-1)
  const retryOf = last?.role === 'user' && last.content === turn.message ? stored.pop() : undefined
  fitPrompt(runtime, turn, stored, [{ role: 'user', content: turn.message }], messageTokens)
  return retryOf
}

/**
 * A continuation's request: system prompt, the history that fits (without `omitMessageId`, the
 * paused reply), then what the paused turn had sent since its user message (`tail`).
 */
export async function buildContinuationPrompt(runtime: KernelRuntime, turn: Turn, tail: ChatMessage[], omitMessageId: string | undefined): Promise<void> {
  const all = await listMessages(runtime.db, turn.conversation.id, { limit: HISTORY_WINDOW })
  const stored = all.filter((message) => message.publicId !== omitMessageId)
  // The continued reply cites by the numbers the paused one offered, unless a plugin offered anew.
  if (turn.sources.length === 0) turn.sources = all.find((message) => message.publicId === omitMessageId)?.sources ?? []
  const tailTokens = tail.reduce((sum, message) => sum + countTokens(typeof message.content === 'string' ? message.content : '') + (message.role === 'assistant' && message.tool_calls ? countTokens(JSON.stringify(message.tool_calls)) : 0) + MESSAGE_OVERHEAD_TOKENS, 0)
  fitPrompt(runtime, turn, stored, tail, tailTokens)
}

/** Sets `turn.request` and `turn.inputTokens`: the system prompt, the newest history that fits, then `tail` (`tailTokens`). */
function fitPrompt(runtime: KernelRuntime, turn: Turn, stored: StoredMessage[], tail: ChatMessage[], tailTokens: number): void {
  const cap = runtime.config.tokenCap
  const systemTokens = turn.systemPrompt ? systemPromptTokens(turn.systemPrompt) + MESSAGE_OVERHEAD_TOKENS : 0
  let budget = cap - systemTokens - tailTokens
  if (budget < 0) throw new ChatbotTokenCapExceededException(systemTokens + tailTokens, cap)
  // An empty reply (a turn paused before any text) tells the model nothing.
  const history = stored.filter((message) => message.content !== '' || message.role !== 'assistant')
  let first = history.length
  while (first > 0 && history[first - 1]!.tokenCount + MESSAGE_OVERHEAD_TOKENS <= budget) budget -= history[--first]!.tokenCount + MESSAGE_OVERHEAD_TOKENS
  const system: ChatMessage[] = turn.systemPrompt ? [{ role: 'system', content: turn.systemPrompt }] : []
  const messages = [...system, ...history.slice(first).map((message): ChatMessage => ({ role: message.role, content: message.content })), ...tail]
  turn.inputTokens = cap - budget
  turn.request = { model: turn.settings.model, messages }
}
