/**
 * A small stand-in for the DOM, enough for the widget's DOM-building modules to run in Node:
 * elements with attributes and children, text nodes, and `[attr]` queries.
 */
export class FakeNode {
  parentNode: FakeElement | null = null
  constructor(
    readonly nodeType: number,
    readonly nodeName: string,
    readonly ownerDocument: FakeDocument,
  ) {}

  remove(): void {
    this.parentNode?.removeChild(this)
  }

  replaceWith(node: FakeNode): void {
    this.parentNode?.insertBefore(node, this)
    this.remove()
  }
}

export class FakeText extends FakeNode {
  constructor(
    public nodeValue: string,
    doc: FakeDocument,
  ) {
    super(3, '#text', doc)
  }

  get textContent(): string {
    return this.nodeValue
  }
}

export class FakeElement extends FakeNode {
  readonly childNodes: FakeNode[] = []
  readonly attributes = new Map<string, string>()
  className = ''

  constructor(tag: string, doc: FakeDocument) {
    super(1, tag.toUpperCase(), doc)
  }

  get tagName(): string {
    return this.nodeName
  }
  get children(): FakeElement[] {
    return this.childNodes.filter((node): node is FakeElement => node instanceof FakeElement)
  }
  get lastElementChild(): FakeElement | null {
    return this.children.at(-1) ?? null
  }
  get textContent(): string {
    return this.childNodes.map((node) => (node as FakeText | FakeElement).textContent).join('')
  }
  set textContent(text: string) {
    this.replaceChildren(new FakeText(text, this.ownerDocument))
  }

  /** Makes this the document's `activeElement`, so tests can see where focus went. */
  focus(): void {
    this.ownerDocument.activeElement = this
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value))
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null
  }

  appendChild(node: FakeNode): FakeNode {
    return this.insertBefore(node, null)
  }
  append(...nodes: FakeNode[]): void {
    for (const node of nodes) this.appendChild(node)
  }
  insertBefore(node: FakeNode, before: FakeNode | null): FakeNode {
    node.remove()
    const index = before ? this.childNodes.indexOf(before) : -1
    this.childNodes.splice(index === -1 ? this.childNodes.length : index, 0, node)
    node.parentNode = this
    return node
  }
  removeChild(node: FakeNode): void {
    this.childNodes.splice(this.childNodes.indexOf(node), 1)
    node.parentNode = null
  }
  replaceChildren(...nodes: FakeNode[]): void {
    for (const child of [...this.childNodes]) child.remove()
    this.append(...nodes)
  }

  /** Supports only `[attribute]` selectors, which is all the widget queries. */
  querySelectorAll(selector: string): FakeElement[] {
    const attribute = /^\[([\w-]+)\]$/.exec(selector)?.[1]
    if (!attribute) throw new Error(`fake DOM: unsupported selector ${selector}`)
    const found: FakeElement[] = []
    const visit = (element: FakeElement) => {
      for (const child of element.children) {
        if (child.attributes.has(attribute)) found.push(child)
        visit(child)
      }
    }
    visit(this)
    return found
  }
}

export class FakeDocument {
  activeElement: FakeElement | null = null

  createElement(tag: string): FakeElement {
    return new FakeElement(tag, this)
  }
  /** An SVG element, as a plain fake element (the namespace is not kept). */
  createElementNS(_namespace: string, tag: string): FakeElement {
    return new FakeElement(tag, this)
  }
  createTextNode(text: string): FakeText {
    return new FakeText(text, this)
  }
}

/** `h('p', { class: 'x' }, 'text', h('b', {}, 'bold'))`: builds a fake tree for input fixtures. */
export function h(tag: string, attributes: Record<string, string>, ...children: (FakeNode | string)[]): FakeElement {
  const doc = new FakeDocument()
  const element = doc.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  for (const child of children) element.appendChild(typeof child === 'string' ? doc.createTextNode(child) : child)
  return element
}

/** Serialises a fake tree as HTML-like text, for compact assertions (attributes sorted, text unescaped). */
export function outline(node: FakeNode): string {
  if (node instanceof FakeText) return node.nodeValue
  const element = node as FakeElement
  const tag = element.nodeName.toLowerCase()
  const attributes = [...element.attributes].sort(([a], [b]) => a.localeCompare(b)).map(([name, value]) => ` ${name}="${value}"`)
  const className = element.className ? ` class="${element.className}"` : ''
  return `<${tag}${className}${attributes.join('')}>${element.childNodes.map(outline).join('')}</${tag}>`
}

/** Every element in a fake tree, the root included. */
export function elementsOf(node: FakeNode): FakeElement[] {
  if (!(node instanceof FakeElement)) return []
  return [node, ...node.childNodes.flatMap(elementsOf)]
}

export const fakeDocument = (): FakeDocument => new FakeDocument()

/** A fake, typed as the DOM it stands in for when handed to the widget's code. */
export const asDom = <T>(fake: FakeNode | FakeDocument): T => fake as unknown as T
