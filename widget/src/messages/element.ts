import type { NodeFactory } from '../markdown/render.js'

/** An element with a class and its text or children: how the widget's plain-DOM views build their nodes. */
export function buildElement(doc: NodeFactory, tag: string, className: string, content: string | Node[]): Element {
  const node = doc.createElement(tag)
  node.className = className
  if (typeof content === 'string') node.textContent = content
  else node.append(...content)
  return node
}
