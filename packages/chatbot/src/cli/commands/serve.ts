import { defineCommand } from 'citty'
import { consola } from '../console.js'
import { serveChatbot } from '@chatbot-kit/kernel'
import { loadChatbot } from '../../config/load.js'
import { noMigrateNote } from '../no-migrate-note.js'
import { explainListenError } from '../port-in-use.js'
import { configArg, configLocation, guard, onShutdown, parsePort } from '../shared.js'

export default defineCommand({
  meta: { name: 'serve', description: 'Production server: the /chatbot/* routes only.' },
  args: {
    port: { type: 'string', description: 'Port to listen on', default: '3000' },
    host: { type: 'string', description: 'Address to bind', default: '127.0.0.1' },
    migrate: { type: 'boolean', description: 'Apply pending migrations at start (--no-migrate to skip)', default: true },
    ...configArg,
  },
  async run({ args }) {
    const port = parsePort(args.port)
    await guard(async () => {
      const chatbot = await loadChatbot({ ...configLocation(args.config), migrate: args.migrate })
      const server = await serveChatbot(chatbot, { port, hostname: args.host }).catch((error: unknown) => {
        throw explainListenError(error, port)
      })
      onShutdown(async () => {
        consola.info(`Shutting down: replies in progress get up to ${chatbot.config.shutdownGrace} s once the server stops listening (a second signal exits at once).`)
        // Health 503 for shutdown.drainDelay, then no new connections, the grace, and the close.
        await server.close()
      })
      // Announced once a signal is handled: whoever waits for this line may stop the server at once.
      consola.success(`chatbot-kit serving ${server.url}${chatbot.config.base}`)
      if (!args.migrate) consola.info(await noMigrateNote(chatbot))
    })
  },
})
