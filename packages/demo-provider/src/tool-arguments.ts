import { keywords, nameWords, withSynonyms } from './tool-match.js'
import type { DemoTool } from './types.js'

interface Property {
  type?: string | string[]
  enum?: unknown[]
  pattern?: string
}

interface ObjectSchema {
  properties?: Record<string, Property>
  required?: string[]
}

/**
 * The arguments of a call the demo makes: every parameter the question mentions (an order
 * number, an enum value, a city after "in", a time zone, search words), read with the tool's
 * JSON Schema, and a stand-in for each required one it does not, so that the call validates.
 */
export function argumentsFrom(tool: DemoTool, question: string): Record<string, unknown> {
  const schema = (tool.function.parameters ?? {}) as ObjectSchema
  const properties = schema.properties ?? {}
  const args: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(properties)) {
    const found = findValue(tool, name, property, question)
    if (found !== undefined) args[name] = found
  }
  for (const name of schema.required ?? []) {
    if (!(name in args)) args[name] = standIn(name, properties[name], question)
  }
  return args
}

// Parameter names that hold a number-like reference: `id`, `order_no`, `orderNumber`, `order`.
const IDENTIFIER = /(^|_)(id|number|no|code|ref|reference)$|^order/i

// Parameter names that take words to look for: `query`, `q`, `searchTerm`, `product`, `item`.
const FREE_TEXT = /^q$|query|search|keyword|term|product|item/i

const typeOf = (property: Property | undefined) =>
  Array.isArray(property?.type) ? property.type.find((type) => type !== 'null') : property?.type

/** Words of the question with surrounding punctuation and a leading `#` removed. */
const tokens = (question: string) =>
  question
    .split(/\s+/)
    .map((word) => word.replace(/^[#("'«]+|[)"'».,;:!?]+$/g, ''))
    .filter(Boolean)

function findValue(tool: DemoTool, name: string, property: Property, question: string): unknown {
  if (property.enum?.length) {
    return property.enum.find((value) => typeof value === 'string' && new RegExp(`\\b${escape(value)}\\b`, 'i').test(question))
  }
  const type = typeOf(property)
  if (type === 'integer' || type === 'number') {
    const number = question.match(type === 'integer' ? /-?\b\d+\b/ : /-?\b\d+(?:\.\d+)?\b/)?.[0]
    return number === undefined ? undefined : Number(number)
  }
  if (type !== undefined && type !== 'string') return undefined
  if (property.pattern) return matchPattern(property.pattern, question)
  if (IDENTIFIER.test(name) || /[a-z](Id|Number|Code|Ref)$/.test(name)) return tokens(question).find((word) => /\d/.test(word))
  if (/time.?zone|^tz$/i.test(name)) return question.match(/\b(UTC|GMT|[A-Z][a-z]+\/[A-Z][A-Za-z_]+)\b/)?.[1]
  if (/city|location|place|town/i.test(name)) return question.match(/\b(?:in|at|for) ((?:[A-Z][\p{L}-]+ ?)+)/u)?.[1]?.trim()
  if (FREE_TEXT.test(name)) return searchWords(tool, question)
  return undefined
}

/**
 * The question's words less those that only say which tool to use: "Do you have anvils in stock?"
 * searches `check_stock` for "anvils", and "Is AN-50 in stock?" for "AN-50".
 */
function searchWords(tool: DemoTool, question: string): string | undefined {
  const toolWords = withSynonyms(nameWords(tool))
  // A word with a digit is kept as it is: a SKU such as AN-8 is all stopword and single letters.
  const words = tokens(question).filter((word) => /\d/.test(word) || keywords(word).some((part) => !toolWords.has(part)))
  return words.length ? words.join(' ') : undefined
}

/** What the pattern matches in the first word it accepts, else in the whole question. */
function matchPattern(pattern: string, question: string): string | undefined {
  try {
    const regex = new RegExp(pattern, 'u')
    for (const word of tokens(question)) {
      const match = regex.exec(word)
      if (match) return match[0]
    }
    // A pattern spanning words ("^[A-Z]+ \\d+$") can only match the question itself.
    return regex.exec(question)?.[0]
  } catch {
    // A pattern JavaScript cannot compile: no value from it.
    return undefined
  }
}

/** A value of the right type when the question gives none (the model would have asked). */
function standIn(name: string, property: Property | undefined, question: string): unknown {
  if (property?.enum?.length) return property.enum[0]
  switch (typeOf(property)) {
    case 'number':
    case 'integer':
      return 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return {}
    default:
      return /time.?zone|^tz$/i.test(name) ? 'UTC' : question
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
