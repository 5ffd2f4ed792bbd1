import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * What chatbot-kit reads of a Nitro 2 (h3 v1) event: Node's request and response, and the
 * request's context. Typed structurally so that no code here depends on the host's `h3`.
 */
export interface NitroEventLike {
  node: { req: IncomingMessage; res: ServerResponse }
  context: object
}

// The Nitro event of each Node request the widget is rendered for, for `identify`.
const hostEvents = new WeakMap<object, NitroEventLike>()

/** Remembers the Nitro event behind a Node request before `chatbot.renderWidget(event.node)` runs. */
export function rememberHostEvent(event: NitroEventLike): NitroEventLike['node'] {
  hostEvents.set(event.node.req, event)
  return event.node
}

/** The Nitro event behind an h3 v2 event that `renderWidget` made of Node's request, if any. */
export function hostEventOf(event: { node?: { req?: object } }): NitroEventLike | undefined {
  return event.node?.req ? hostEvents.get(event.node.req) : undefined
}
