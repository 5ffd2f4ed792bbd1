import { exampleArguments, matchTool } from './tool-match.js'
import type { DemoMessage, DemoResponder } from './types.js'

const SETUP = 'Set CHATBOT_API_KEY (and CHATBOT_BASE_URL for a provider other than the default) to talk to a real model.'

/**
 * Replies that make sense without a network: summarise tool results, call a tool the question
 * clearly asks for, else acknowledge the message and explain how to reach a real model.
 * With `tokensPerReply` every reply is exactly that many tokens (`tok0 tok1 …`), for benchmarks.
 */
export function createDefaultResponder(options: { tokensPerReply?: number } = {}): DemoResponder {
  const { tokensPerReply } = options
  if (tokensPerReply !== undefined) {
    // Built once: every connection shares the same string.
    const text = Array.from({ length: tokensPerReply }, (_, index) => `tok${index}`).join(' ')
    return () => ({ text })
  }
  return (request) => {
    const results = trailingToolResults(request.messages)
    if (results.length > 0) return { text: summarize(results, request.messages) }
    const question = lastUserText(request.messages)
    const tool = request.tools?.length && request.tool_choice !== 'none' ? matchTool(question, request.tools) : undefined
    if (tool) return { toolCalls: [{ name: tool.function.name, arguments: exampleArguments(tool, question) }] }
    return { text: acknowledge(question) }
  }
}

function acknowledge(question: string): string {
  if (question === '') return `Hello! I'm the offline demo provider of chatbot-kit. ${SETUP}`
  if (/^(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(question)) {
    return `Hello! I'm the offline demo provider of chatbot-kit, so my answers are canned. ${SETUP}`
  }
  const quoted = `"${clip(question, 120)}"`
  const opening = question.trimEnd().endsWith('?') ? `Good question: ${quoted}.` : `You said ${quoted}.`
  return `${opening} I'm the offline demo provider of chatbot-kit, so I can't really answer it. ${SETUP}`
}

function summarize(results: DemoMessage[], messages: DemoMessage[]): string {
  const names = new Map<string, string>()
  for (const message of messages) for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name)
  return results
    .map((result) => `The ${names.get(result.tool_call_id ?? '') ?? 'tool'} tool says: ${describe(textOf(result))}.`)
    .join(' ')
}

/** `{"time":"12:00","zone":"UTC"}` → `time 12:00, zone UTC`; anything else clipped as is. */
function describe(content: string): string {
  try {
    const value: unknown = JSON.parse(content)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const pairs = Object.entries(value).slice(0, 6)
      return pairs.map(([key, item]) => `${key} ${typeof item === 'string' ? item : JSON.stringify(item)}`).join(', ')
    }
  } catch {
    // Not JSON: plain text.
  }
  return clip(content, 300)
}

function trailingToolResults(messages: DemoMessage[]): DemoMessage[] {
  let start = messages.length
  while (start > 0 && messages[start - 1]!.role === 'tool') start--
  return messages.slice(start)
}

function lastUserText(messages: DemoMessage[]): string {
  const message = messages.findLast((candidate) => candidate.role === 'user')
  return message ? textOf(message).trim() : ''
}

function textOf(message: DemoMessage): string {
  const { content } = message
  if (typeof content === 'string') return content
  return (content ?? []).map((part) => part.text ?? '').join('')
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
