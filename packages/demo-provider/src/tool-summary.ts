import { clip, textOf } from './messages.js'
import type { DemoMessage } from './types.js'

interface Call {
  name: string
  arguments: string
}

/**
 * What the demo answers once its tool calls come back: per call, a sentence naming the tool and
 * what it was asked, then the result as a Markdown list of its fields (links kept as links),
 * or the error the tool reported.
 */
export function summarizeToolResults(results: DemoMessage[], messages: DemoMessage[]): string {
  const calls = new Map<string, Call>()
  for (const message of messages) for (const call of message.tool_calls ?? []) calls.set(call.id, call.function)
  return results.map((result) => summarizeOne(calls.get(result.tool_call_id ?? ''), textOf(result))).join('\n\n')
}

function summarizeOne(call: Call | undefined, content: string): string {
  const tool = `\`${call?.name ?? 'tool'}\``
  const value = parseJson(content)
  if (!isRecord(value)) return `${tool} says: ${clip(content, 300)}`
  const error = value.error
  const asked = askedFor(call)
  // chatbot-kit's note for a call the user declined speaks to the model: the demo says what it means.
  if (isRecord(error) && error.code === 'tool_denied') return `You declined ${tool}${asked ? ` for ${asked}` : ''}, so I did not run it.`
  if (isRecord(error)) return `I could not use ${tool}: ${clip(String(error.message ?? error.code ?? 'it failed'), 200)}`
  const lead = asked ? `I looked up ${asked} with ${tool}:` : `Here is what ${tool} returned:`
  const fields = Object.entries(value)
    .slice(0, 8)
    .map(([key, item]) => `- **${label(key)}:** ${show(item)}`)
  return fields.length ? `${lead}\n\n${fields.join('\n')}` : `${tool} returned nothing.`
}

/** The call's scalar arguments in bold ("**1042**"), or undefined when it had none. */
function askedFor(call: Call | undefined): string | undefined {
  const args = parseJson(call?.arguments ?? '')
  if (!isRecord(args)) return undefined
  const values = Object.values(args).filter((item) => typeof item === 'string' || typeof item === 'number')
  return values.length ? values.map((item) => `**${clip(String(item), 60)}**`).join(', ') : undefined
}

/** `orderId` or `order_id` → "Order id". */
function label(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function show(item: unknown): string {
  if (typeof item === 'string') return /^https?:\/\/\S+$/.test(item) ? `[${clip(item.replace(/^https?:\/\//, ''), 60)}](${item})` : clip(item, 200)
  if (Array.isArray(item) && item.every((entry) => typeof entry !== 'object' || entry === null)) return item.join(', ')
  return `\`${clip(JSON.stringify(item), 120)}\``
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
