// An Express app that hosts the chatbot and renders the widget on its own page (docs/deployment.md).
//   npm install chatbot-kit express
//   npx chatbot key   # CHATBOT_APP_KEY in .env, if you have none yet
//   node server.mjs
import express from 'express'
import { loadChatbot } from 'chatbot-kit'

// chatbot.config.ts and .env of the working directory; `identify` there gets an event whose
// `event.node.req` is Express's request: `identify: (event) => event.node?.req.user ? { userId: … } : null`.
const chatbot = await loadChatbot()
const app = express()

// The chatbot's routes (/chatbot/*), before any body parser: they read their own request bodies.
app.use((req, res, next) => (req.path.startsWith(`${chatbot.config.base}/`) ? chatbot.nodeHandler(req, res) : next()))

app.get('/', async (req, res) => {
  // Sets the guest and session cookies on `res`; `head` holds the CSRF meta tag the widget sends back.
  const widget = await chatbot.renderWidget({ req, res }, { channel: 'default', route: 'shop.home', title: 'Ask the shop' })
  res.type('html').send(`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>My shop</title>${widget.head}${widget.script}</head>
  <body><h1>My shop</h1>${widget.element}</body>
</html>`)
})

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address()
  console.log(`Listening on http://${address}:${port}`)
})
// Health 503, then no new connections; replies in progress get `shutdownGrace` seconds.
process.once('SIGTERM', () => chatbot.drain(server))
