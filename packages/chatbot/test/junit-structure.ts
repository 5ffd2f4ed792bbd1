/** An element of a parsed XML document: its name, attributes (entities decoded), children and text. */
export interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  text: string
}

const ENTITY = /&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos);/gi
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(text: string): string {
  if (/&(?!(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos);)/i.test(text)) throw new Error(`A bare & in ${JSON.stringify(text)}`)
  if (/</.test(text)) throw new Error(`A bare < in ${JSON.stringify(text)}`)
  return text.replace(ENTITY, (_all, entity: string) =>
    entity.startsWith('#') ? String.fromCodePoint(Number.parseInt(entity.slice(entity[1] === 'x' ? 2 : 1), entity[1] === 'x' ? 16 : 10)) : NAMED[entity.toLowerCase()]!,
  )
}

/**
 * A strict reader of the XML the JUnit reporter writes (no DTD, CDATA or comments): checks the
 * declaration, that every tag is closed in order, that attributes are quoted and unique, that
 * text carries no bare `<` or `&`, and that there is one root. Throws on the first problem.
 */
export function parseXml(xml: string): XmlElement {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/
  if (!declaration.test(xml)) throw new Error('No XML declaration')
  const rest = xml.replace(declaration, '')
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' }
  const stack = [root]
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>/g
  let at = 0
  for (let match = tag.exec(rest); match; match = tag.exec(rest)) {
    stack.at(-1)!.text += decode(rest.slice(at, match.index))
    at = match.index + match[0].length
    const [, closing, name, attributeText, selfClosing] = match
    if (closing) {
      const open = stack.pop()!
      if (open.name !== name) throw new Error(`</${name}> closes <${open.name}>`)
      continue
    }
    const attributes: Record<string, string> = {}
    for (const [, key, value] of attributeText!.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
      if (key! in attributes) throw new Error(`Attribute ${key} twice on <${name}>`)
      attributes[key!] = decode(value!)
    }
    const element: XmlElement = { name: name!, attributes, children: [], text: '' }
    stack.at(-1)!.children.push(element)
    if (!selfClosing) stack.push(element)
  }
  if (rest.slice(at).trim() !== '') throw new Error(`Text after the root: ${JSON.stringify(rest.slice(at))}`)
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is not closed`)
  if (root.children.length !== 1 || root.text.trim() !== '') throw new Error('Not exactly one root element')
  return root.children[0]!
}
