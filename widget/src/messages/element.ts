import type { NodeFactory } from '../markdown/render.js'

/** An element with a class, its text or children, and attributes: how the widget's plain-DOM views build their nodes. */
export function buildElement(doc: NodeFactory, tag: string, className: string, content: string | Node[], attributes: Record<string, string> = {}): Element {
  const node = doc.createElement(tag)
  node.className = className
  if (typeof content === 'string') node.textContent = content
  else node.append(...content)
  for (const name in attributes) node.setAttribute(name, attributes[name]!)
  return node
}
