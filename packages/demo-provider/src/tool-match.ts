import type { DemoTool } from './types.js'

// Words that say nothing about which tool fits.
const STOPWORDS = new Set(
  'a an and any are about can could current do does for from get give has have how i in is it me much many my now of on or please show tell the this to what whats when where which who with would you your'.split(' '),
)

// A question's word also matches a tool named with any word of its group.
const SYNONYMS = [
  ['time', 'clock', 'hour', 'date', 'day', 'today'],
  ['weather', 'forecast', 'temperature', 'rain', 'sunny'],
  ['order', 'orders', 'shipment', 'delivery', 'tracking', 'package'],
  ['search', 'find', 'lookup', 'look'],
  ['calculate', 'calculator', 'math', 'compute', 'sum'],
  ['catalog', 'catalogue', 'products', 'sell', 'sale', 'buy', 'price', 'prices', 'cost'],
  ['stock', 'available', 'availability', 'inventory', 'warehouse'],
]

/**
 * The offered tool that the question clearly asks for, if any: a question word (or a synonym) in
 * the tool's name counts 2, a word of its description 1; a tool needs 2 to be called.
 */
export function matchTool(question: string, tools: DemoTool[]): DemoTool | undefined {
  const asked = keywords(question)
  const expanded = withSynonyms(asked)
  let best: DemoTool | undefined
  let bestScore = 1
  for (const tool of tools) {
    const name = nameWords(tool)
    const description = keywords(tool.function.description ?? '')
    const score = 2 * name.filter((word) => expanded.has(word)).length + description.filter((word) => asked.includes(word)).length
    if (score > bestScore) [best, bestScore] = [tool, score]
  }
  return best
}

/** The words of a tool's name: `shop__check_stock` and `checkStock` both give check, stock. */
export function nameWords(tool: DemoTool): string[] {
  return keywords(tool.function.name.replace(/([a-z])([A-Z])/g, '$1 $2'))
}

/** The words, and every word sharing a synonym group with one of them. */
export function withSynonyms(words: string[]): Set<string> {
  const expanded = new Set(words)
  for (const word of words) for (const group of SYNONYMS) if (group.includes(word)) group.forEach((synonym) => expanded.add(synonym))
  return expanded
}

/** The words of a text that can say what it is about: lower case, no stopwords, no single letters. */
export function keywords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
}
