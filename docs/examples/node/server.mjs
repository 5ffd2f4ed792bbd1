// The chatbot on a plain Node server, with a graceful shutdown (docs/deployment.md).
//   npm install chatbot-kit
//   node server.mjs
import { createServer } from 'node:http'
import { loadChatbot } from 'chatbot-kit'

const chatbot = await loadChatbot() // chatbot.config.ts and .env from the working directory
// Slow requests bounded as `chatbot serve` bounds them (docs/security.md).
const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, chatbot.nodeHandler)
server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address()
  console.log(`Listening on http://${address}:${port}`)
})
// Health 503 (for shutdown.drainDelay, still listening), then no new connections, the replies
// in progress within shutdownGrace, and the chatbot closed; the process then exits by itself.
process.once('SIGTERM', () => chatbot.drain(server))
