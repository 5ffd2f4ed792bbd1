import { parseInline } from './inline.js'
import { MAX_DEPTH, type Block } from './nodes.js'

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)/
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+|$)/
const BLANK = /^\s*$/

/**
 * Parses a reply into blocks: paragraphs, fenced code (an unclosed fence runs to the end, as
 * while a reply streams), ordered and unordered lists (nested by indentation), and headings,
 * which chat replies use as emphasis and so become bold paragraphs. Anything else is text.
 */
export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'), 0)
}

function parseBlocks(lines: string[], depth: number): Block[] {
  const blocks: Block[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (BLANK.test(line)) {
      i += 1
      continue
    }
    const fence = FENCE.exec(line)
    if (fence) {
      const marker = fence[1]!
      const body: string[] = []
      for (i += 1; i < lines.length; i++) {
        const closing = FENCE.exec(lines[i]!)
        if (closing && closing[1]![0] === marker[0] && closing[1]!.length >= marker.length && BLANK.test(lines[i]!.slice(closing[0].length))) break
        body.push(lines[i]!)
      }
      blocks.push({ type: 'code_block', text: body.join('\n') })
      i += 1
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      const text = line.slice(heading[0].length).replace(/[ \t]+#+[ \t]*$/, '').trim()
      blocks.push({ type: 'paragraph', children: [{ type: 'strong', children: parseInline(text) }] })
      i += 1
      continue
    }
    if (depth < MAX_DEPTH && LIST_ITEM.test(line)) {
      i = parseList(lines, i, depth, blocks)
      continue
    }
    const paragraph: string[] = []
    while (i < lines.length && !startsBlock(lines[i]!, depth)) paragraph.push(lines[i++]!.trim())
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) })
  }
  return blocks
}

const startsBlock = (line: string, depth: number) =>
  BLANK.test(line) || FENCE.test(line) || HEADING.test(line) || (depth < MAX_DEPTH && LIST_ITEM.test(line))

/**
 * Reads one list from `lines[start]`, appends it to `blocks`, and returns the next line index.
 * An item holds the lines indented past its marker (or deeper than it, which is how models
 * nest), plus unindented lines continuing its text; a marker of the other kind at the same
 * indentation starts a new list.
 */
function parseList(lines: string[], start: number, depth: number, blocks: Block[]): number {
  const first = LIST_ITEM.exec(lines[start]!)!
  const ordered = /\d/.test(first[2]!)
  const indent = first[1]!.length
  const items: Block[][] = []
  let i = start
  while (i < lines.length) {
    const item = LIST_ITEM.exec(lines[i]!)
    if (!item || item[1]!.length !== indent || /\d/.test(item[2]!) !== ordered) break
    const contentIndent = item[0].length
    const body = [lines[i]!.slice(contentIndent)]
    for (i += 1; i < lines.length; i++) {
      const line = lines[i]!
      const lead = leadOf(line)
      if (BLANK.test(line)) {
        // Blank lines belong to the item only when indented content follows them.
        const next = nextFilled(lines, i)
        if (next === lines.length || leadOf(lines[next]!) <= indent) break
        while (i < next - 1) body.push(lines[i++]!.trim())
        body.push('')
      } else if (lead > indent) {
        body.push(line.slice(Math.min(lead, contentIndent)))
      } else if (startsBlock(line, depth)) {
        break
      } else {
        body.push(line.trim())
      }
    }
    items.push(parseBlocks(body, depth + 1))
    // Blank lines between items keep the list going.
    if (i < lines.length && BLANK.test(lines[i]!) && isSibling(lines[nextFilled(lines, i)], indent, ordered)) {
      i = nextFilled(lines, i)
    }
  }
  blocks.push({ type: 'list', ordered, start: ordered ? Number.parseInt(first[2]!, 10) : 1, items })
  return i
}

function isSibling(line: string | undefined, indent: number, ordered: boolean): boolean {
  const item = line === undefined ? null : LIST_ITEM.exec(line)
  return item !== null && item[1]!.length === indent && /\d/.test(item[2]!) === ordered
}

function nextFilled(lines: string[], from: number): number {
  let at = from
  while (at < lines.length && BLANK.test(lines[at]!)) at += 1
  return at
}

const leadOf = (line: string) => line.length - line.trimStart().length
