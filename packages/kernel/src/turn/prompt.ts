import { ChatbotTokenCapExceededException } from '../errors/index.js'
import type { ChatMessage } from '../provider/types.js'
import { listMessages, type StoredMessage } from '../storage/index.js'
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from '../text/index.js'
import type { KernelRuntime } from '../runtime.js'
import type { Turn } from './types.js'

/** How far back a prompt may look; older messages are pruned by the token cap long before this. */
const HISTORY_WINDOW = 200

// Most turns of a channel share one system prompt: tokenize each distinct prompt once.
const SYSTEM_PROMPT_CACHE_SIZE = 256
const systemPromptCache = new Map<string, number>()

function systemPromptTokens(prompt: string): number {
  let tokens = systemPromptCache.get(prompt)
  if (tokens === undefined) {
    tokens = countTokens(prompt)
    if (systemPromptCache.size >= SYSTEM_PROMPT_CACHE_SIZE) systemPromptCache.delete(systemPromptCache.keys().next().value!)
    systemPromptCache.set(prompt, tokens)
  }
  return tokens
}

/**
 * Builds `turn.request`: system prompt, as much history as fits `tokenCap` (oldest dropped
 * first) and the user message. Token counts of stored messages are cached in the database.
 * Returns the stored user message this one retries: the conversation's last message, with the
 * same text and no reply after it (the reply failed), which is then neither stored nor sent twice.
 */
export async function buildPrompt(runtime: KernelRuntime, turn: Turn, messageTokens: number, fresh: boolean): Promise<StoredMessage | undefined> {
  const cap = runtime.config.tokenCap
  const systemTokens = turn.systemPrompt ? systemPromptTokens(turn.systemPrompt) + MESSAGE_OVERHEAD_TOKENS : 0
  let budget = cap - systemTokens - messageTokens
  if (budget < 0) throw new ChatbotTokenCapExceededException(systemTokens + messageTokens, cap)

  const stored = fresh ? [] : await listMessages(runtime.db, turn.conversation.id, { limit: HISTORY_WINDOW })
  const last = stored.at(-1)
  const retryOf = last?.role === 'user' && last.content === turn.message ? stored.pop() : undefined
  let first = stored.length
  while (first > 0) {
    const cost = stored[first - 1]!.tokenCount + MESSAGE_OVERHEAD_TOKENS
    if (cost > budget) break
    budget -= cost
    first -= 1
  }
  const messages: ChatMessage[] = []
  if (turn.systemPrompt) messages.push({ role: 'system', content: turn.systemPrompt })
  for (const message of stored.slice(first)) messages.push({ role: message.role, content: message.content })
  messages.push({ role: 'user', content: turn.message })
  turn.inputTokens = cap - budget
  turn.request = { model: turn.settings.model, messages }
  return retryOf
}
