import { randomBytes } from 'node:crypto'
import { definePlugin } from 'chatbot-kit'

/**
 * The admin token of this dev session: `CHATBOT_ADMIN_TOKEN` when set, else a random one. It is
 * kept in `process.env`, so a config reload (`chatbot dev` re-reads this file) keeps it, and it
 * never reaches a page: the demo page shows a curl line that reads it from the shell.
 */
export function devAdminToken(): string {
  process.env.CHATBOT_ADMIN_TOKEN ||= randomBytes(18).toString('base64url')
  return process.env.CHATBOT_ADMIN_TOKEN
}

/** Prints the token where the developer runs `npm run dev`, with what to do with it. */
export function devAdminPlugin() {
  return definePlugin({
    name: 'playground-dev-admin',
    setup(chatbot) {
      const token = chatbot.config.admin.token
      if (!token) return
      chatbot.logger.info(
        `Admin console at ${chatbot.config.base}/admin, API at ${chatbot.config.base}/admin/trpc; the token is ${token}. In another terminal: export CHATBOT_ADMIN_TOKEN=${token}, then use the curl line on the demo page or \`npx tsx playground/admin-client.ts\`.`,
      )
    },
  })
}
