import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ConsolaInstance } from 'consola'
import type { H3 } from 'h3'
import { toNodeHandler } from 'srvx/node'
import { ChatbotInternalException } from '../errors/index.js'
import { SECURITY_HEADERS } from './respond.js'

/** A `node:http` request listener: `createServer(chatbot.nodeHandler)`. Resolves once the response is sent. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/**
 * The chatbot's app as a `node:http` listener, through srvx's Node adapter, the one `chatbot serve`
 * runs on: requests carry their Node `req`/`res`, so a reply stream writes its frames straight to
 * the `ServerResponse` (see `SseStream`). Any host that hands over Node's `req`/`res` (a plain
 * server, Express, Nitro's `event.node`) gets the same responses as `chatbot serve`.
 */
export function createNodeHandler(app: H3, logger: ConsolaInstance): NodeHandler {
  // srvx types its handler for HTTP/1 or HTTP/2; this one is HTTP/1's `request` listener.
  const handle = toNodeHandler((request) => app.fetch(request)) as (req: IncomingMessage, res: ServerResponse) => void | Promise<void>
  return async (req, res) => {
    try {
      await handle(req, res)
    } catch (error) {
      // h3 turns a handler's error into a response; this is for what fails outside it.
      logger.error(error)
      if (res.headersSent) res.destroy()
      else res.writeHead(500, { 'content-type': 'application/json', ...SECURITY_HEADERS }).end(JSON.stringify(new ChatbotInternalException()))
    }
  }
}
