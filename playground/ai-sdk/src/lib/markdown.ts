// Just enough Markdown for the demo replies (paragraphs, headings, lists, code, bold, italic, links),
// parsed into plain data that the template renders as text: no HTML string is ever built, so a
// reply cannot inject markup. Anything else shows as typed.

export type Inline = { kind: 'text' | 'strong' | 'em' | 'code'; text: string } | { kind: 'link'; text: string; href: string }
export type Block =
  | { kind: 'p' | 'h'; inlines: Inline[] }
  | { kind: 'ul' | 'ol'; items: Inline[][] }
  | { kind: 'pre'; text: string }

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\(https?:\/\/[^\s)]+\)|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/
const LINK = /^\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)$/

export function parseInlines(text: string): Inline[] {
  return text
    .split(INLINE)
    .filter(Boolean)
    .map((piece): Inline => {
      const link = LINK.exec(piece)
      // Only http(s) links: a `javascript:` URL never becomes an href.
      if (link) return { kind: 'link', text: link[1]!, href: link[2]! }
      if (/^\*\*.+\*\*$/.test(piece)) return { kind: 'strong', text: piece.slice(2, -2) }
      if (/^`.+`$/.test(piece)) return { kind: 'code', text: piece.slice(1, -1) }
      if (/^([*_]).+\1$/.test(piece)) return { kind: 'em', text: piece.slice(1, -1) }
      return { kind: 'text', text: piece }
    })
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = []
  const lines = source.replace(/\r\n/g, '\n').split('\n')
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    if (line.startsWith('```')) {
      const code: string[] = []
      while (++index < lines.length && !lines[index]!.startsWith('```')) code.push(lines[index]!)
      blocks.push({ kind: 'pre', text: code.join('\n') })
      continue
    }
    const item = /^\s*(?:([-*+])|\d+[.)])\s+(.*)$/.exec(line)
    if (item) {
      const kind = item[1] ? 'ul' : 'ol'
      const last = blocks.at(-1)
      if (last?.kind === kind) last.items.push(parseInlines(item[2]!))
      else blocks.push({ kind, items: [parseInlines(item[2]!)] })
      continue
    }
    if (!line.trim()) continue
    const heading = /^#{1,6}\s+(.*)$/.exec(line)
    blocks.push(heading ? { kind: 'h', inlines: parseInlines(heading[1]!) } : { kind: 'p', inlines: parseInlines(line) })
  }
  return blocks
}
