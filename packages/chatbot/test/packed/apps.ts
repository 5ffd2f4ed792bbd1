import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

// The four apps, file by file, as docs/deployment.md and docs/nuxt.md tell a user to write them.
// None has its own package.json: they use the node_modules of the folder they sit in.

// What the four apps' configs share: a channel with a greeting (visible in envelopes the server
// mints and stored as a conversation's first message) and a probe of `chatbot.close()`.
const SHARED_CONFIG = `  channels: { support: { greeting: 'Hello from chatbot.config.ts' } },
  plugins: [
    definePlugin({
      name: 'close-probe',
      hooks: { close: () => void (process.env.CLOSE_PROBE && writeFileSync(process.env.CLOSE_PROBE, 'closed')) },
    }),
  ],
`

/** `chatbot serve` and the Node server. */
const CHATBOT_CONFIG = `import { writeFileSync } from 'node:fs'
import { defineChatbotConfig, definePlugin } from 'chatbot-kit'

export default defineChatbotConfig({
${SHARED_CONFIG}})
`

/** The Nitro and Nuxt apps: identify gets the request's Nitro event and reads it with the app's own h3. */
const NITRO_CHATBOT_CONFIG = `import { writeFileSync } from 'node:fs'
import { getRequestHeader } from 'h3'
import { definePlugin } from 'chatbot-kit'
import { defineNitroChatbotConfig } from 'chatbot-kit/nitro'

export default defineNitroChatbotConfig({
  identify: (event) => {
    const user = getRequestHeader(event, 'x-demo-user')
    return user ? { userId: user } : null
  },
${SHARED_CONFIG}})
`

const NITRO_CONFIG = `import { defineNitroConfig } from 'nitropack/config'

export default defineNitroConfig({
  srcDir: 'server',
  compatibilityDate: '2025-01-01',
  modules: ['chatbot-kit/nitro'],
})
`

// The host's own handlers use Nitro's auto-imported h3 helpers: they must get the h3 Nitro runs on.
const NITRO_HELLO = `export default defineEventHandler((event) => ({ hello: getQuery(event).name ?? 'nobody' }))
`

const NITRO_PAGE = `export default defineEventHandler(async (event) => {
  const widget = await renderChatbotWidget(event, { channel: 'support', route: 'nitro.page' })
  setResponseHeader(event, 'content-type', 'text/html; charset=utf-8')
  return \`<!doctype html><html><head>\${widget.head}\${widget.script}</head><body><h1>Nitro host page</h1>\${widget.element}</body></html>\`
})
`

const NUXT_CONFIG = `export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  modules: ['chatbot-kit/nuxt'],
})
`

const NUXT_APP = `<template>
  <main>
    <h1>Nuxt host page</h1>
    <ChatbotWidget channel="support" route="nuxt.home" title="Support" />
  </main>
</template>
`

const NUXT_HELLO = NITRO_HELLO

const NODE_SERVER = `import { createServer } from 'node:http'
import { loadChatbot } from 'chatbot-kit'

const chatbot = await loadChatbot()
const server = createServer(chatbot.nodeHandler)
server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  console.log(\`Listening on http://\${server.address().address}:\${server.address().port}\`)
})
process.once('SIGTERM', () => server.close(() => chatbot.close()))
`

/** Each app's files, by folder. */
export const APPS = {
  serve: { 'chatbot.config.ts': CHATBOT_CONFIG },
  nitro: { 'chatbot.config.ts': NITRO_CHATBOT_CONFIG, 'nitro.config.ts': NITRO_CONFIG, 'server/routes/hello.ts': NITRO_HELLO, 'server/routes/page.ts': NITRO_PAGE },
  nuxt: { 'chatbot.config.ts': NITRO_CHATBOT_CONFIG, 'nuxt.config.ts': NUXT_CONFIG, 'app/app.vue': NUXT_APP, 'server/api/hello.ts': NUXT_HELLO },
  node: { 'chatbot.config.ts': CHATBOT_CONFIG, 'server.mjs': NODE_SERVER },
} satisfies Record<string, Record<string, string>>

export type AppName = keyof typeof APPS

/** Writes an app's files into `dir/folder`; returns that folder. */
export function writeApp(dir: string, name: AppName, folder: string = name): string {
  const root = join(dir, folder)
  for (const [path, text] of Object.entries(APPS[name])) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}
