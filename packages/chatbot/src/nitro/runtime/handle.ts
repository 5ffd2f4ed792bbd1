import { ChatbotUnavailableException } from '@chatbot-kit/kernel'
import { useChatbot } from './instance.js'
import type { NitroEventLike } from './node-event.js'

/**
 * Every request under the chatbot's base, handed to `chatbot.nodeHandler` as Node's own
 * request and response: no `h3` of the host's in between, and replies stream straight to the
 * socket. Resolves once the response is sent, which tells Nitro the request was handled.
 */
export async function handleChatbotRequest(event: NitroEventLike): Promise<void> {
  const { req, res } = event.node
  let chatbot
  try {
    chatbot = await useChatbot()
  } catch {
    // Start-up failed (its error is in the log): the routes answer like a chatbot that is down.
    const body = JSON.stringify(new ChatbotUnavailableException('The chatbot failed to start; see the server log.'))
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' }).end(body)
    return
  }
  await chatbot.nodeHandler(req, res)
}
